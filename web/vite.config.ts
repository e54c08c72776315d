import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { webAliases } from './build/aliases.ts';
import { amplifyTokens } from './build/amplify-tokens-plugin.ts';
import { prerender } from './build/prerender-plugin.ts';
import { profileBuilds } from './build/profile-plugin.ts';
import { scalarOwnZod } from './build/scalar-own-zod-plugin.ts';

export default defineConfig({
  root: import.meta.dirname,
  resolve: { alias: webAliases },
  plugins: [
    react(),
    // The API reference's zod apart from the app's (docs/decisions/115).
    scalarOwnZod(),
    // Before Tailwind: it reads the @theme block with Amplify UI's values in it.
    amplifyTokens(),
    tailwindcss(),
    // The public pages are drawn at build time (docs/decisions/011); infra/web/spa-fallback.ts sends
    // each path to its file and every other path to the shell.
    prerender({
      entry: 'src/prerender.tsx',
      shell: 'app.html',
      pages: {
        '/': { file: 'index.html', module: 'src/features/marketing/pages/landing-page.tsx' },
        '/auth': { file: 'auth.html', module: 'src/features/auth/pages/auth-page.tsx' },
        '/auth?tab=register': { file: 'auth-register.html', module: 'src/features/auth/pages/auth-page.tsx' },
        '/terms': { file: 'terms.html', module: 'src/features/marketing/pages/terms-page.tsx' },
        '/privacy': { file: 'privacy.html', module: 'src/features/marketing/pages/privacy-page.tsx' },
      },
    }),
    profileBuilds(),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // The API reference's chunk (Scalar, about 1.5 MB minified) loads on /developers alone: what a page's first visit
    // downloads is held by bench/web-size.ts' first-load weights, not by this warning (docs/decisions/115).
    chunkSizeWarningLimit: 1600,
  },
});
