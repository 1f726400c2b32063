/**
 * A QR code of a text as an SVG image (the invite link page, the WeChat Pay code). The QR library
 * (`qrcode`, ~25 KB) is loaded only when a code is drawn.
 */
import Box from '@mui/material/Box';
import { useEffect, useState } from 'react';

/** The QR code of `text` as an SVG image; nothing while it is being drawn or if it cannot be. */
export const QrCode = ({ text, label }: { text: string; label: string }) => {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    import('qrcode')
      .then((qr) => qr.toString(text, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }))
      .then((drawn) => { if (live) setSvg(drawn); })
      .catch(() => { if (live) setSvg(null); });
    return () => { live = false; };
  }, [text]);
  if (!svg) return null;
  return (
    <Box component="img" src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`} alt={label}
      sx={{ width: 192, height: 192, alignSelf: { xs: 'center', sm: 'flex-start' }, border: 1, borderColor: 'divider', borderRadius: 1 }} />
  );
};
