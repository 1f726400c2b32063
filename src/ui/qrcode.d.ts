/**
 * The one function of `qrcode` (1.5, which ships no types) the QR code component (./QrCode.tsx)
 * uses: the QR code of a text as an SVG document. Declared here rather than installing `@types/qrcode`, which
 * describes the Node canvas and stream renderers the browser never loads.
 */
declare module 'qrcode' {
  export type QRCodeToStringOptions = {
    type?: 'svg';
    errorCorrectionLevel?: 'L' | 'M' | 'Q' | 'H';
    margin?: number;
    width?: number;
    color?: { dark?: string; light?: string };
  };
  export function toString(text: string, options?: QRCodeToStringOptions): Promise<string>;
}
