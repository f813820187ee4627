import { useEffect, useState } from 'react';
import { Skeleton } from '../../../components/ui';

/** Renders text as a real QR code (the `qrcode` library, loaded only when a QR is shown). */
export function QrImage({ text, alt, size = 220 }: { text: string; alt: string; size?: number }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let alive = true;
    setSrc(null);
    void import('qrcode').then((qrcode) =>
      qrcode
        .toDataURL(text, { errorCorrectionLevel: 'M', margin: 1, width: size * 2 })
        .then((url) => alive && setSrc(url)),
    );
    return () => {
      alive = false;
    };
  }, [text, size]);
  if (!src) return <Skeleton.Image active style={{ width: size, height: size }} />;
  return <img src={src} alt={alt} width={size} height={size} className="ov-qr" data-testid="tm-qr" />;
}
