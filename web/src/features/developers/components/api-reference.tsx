import { ApiReferenceReact } from '@scalar/api-reference-react';
import '@scalar/api-reference-react/style.css';
// After Scalar's own: the app's tokens over its theme.
import './api-reference.css';
import type { OpenApiDocumentResponse } from '@shared/schemas/developers';

/**
 * Scalar's reference of the document, in this chunk alone: Scalar (a Vue app in a React wrapper) is
 * most of the page's weight and no other page loads it (docs/decisions/115). It is given the document
 * the page already read, so it fetches nothing; nothing from Scalar's CDN or services (the CSP allows
 * the app's own origin), and the app's light look.
 */
export function ApiReference({ document }: { document: OpenApiDocumentResponse }) {
  return (
    <ApiReferenceReact
      configuration={{
        content: document,
        withDefaultFonts: false,
        hideDarkModeToggle: true,
        forceDarkModeState: 'light',
        // Nothing of Scalar's own services: no usage reports, no AI chat, no MCP or developer toolbar, and
        // no link sending this document's address to Scalar's hosted client.
        telemetry: false,
        hideClientButton: true,
        agent: { disabled: true },
        mcp: { disabled: true },
        showDeveloperTools: 'never',
      }}
    />
  );
}
