/** The QR code image of a batch's public trace page. */
export function BatchQr({ code, alt, className }: { code: string; alt: string; className: string }) {
  return <img src={`/api/qr/${code}.svg`} alt={alt} width={160} height={160} className={className} loading="lazy" />;
}
