/** The setup step's QR code and key: scanned (or typed) into an authenticator app. */
export function TwoFactorQr({ qrCodeUrl, secret }: { qrCodeUrl: string; secret: string }) {
  return (
    <>
      <p className="shell-signin__hint">
        Scan this QR code with Google Authenticator (or any authenticator app), then enter the 6-digit code it
        shows.
      </p>
      <img className="shell-signin__qr" src={qrCodeUrl} alt="QR code for your authenticator app" />
      <p className="shell-signin__secret">
        Can't scan it? Enter this key: <code>{secret.match(/.{1,4}/g)?.join(' ')}</code>
      </p>
    </>
  );
}
