// qrcode's encoder and its SVG renderer, imported alone: its main module also loads the PNG,
// terminal and canvas renderers (pngjs, zlib), which cost every two-factor handler its cold start.
declare module 'qrcode/lib/core/qrcode' {
  import type { QRCode, QRCodeOptions } from 'qrcode';
  export function create(text: string, options?: QRCodeOptions): QRCode;
}

declare module 'qrcode/lib/renderer/svg-tag' {
  import type { QRCode, QRCodeRenderersOptions } from 'qrcode';
  export function render(qrData: QRCode, options?: QRCodeRenderersOptions): string;
}
