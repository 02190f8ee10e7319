/** What the product stores, why, for how long, and the person's rights under Ley 21.719. */
export function PrivacySection({ siteName }: { siteName: string }) {
  return (
    <>
      <p>
        En {siteName} guardamos solo lo necesario para que el directorio funcione de forma segura: tus datos de cuenta
        (RUT o pasaporte, nombre, nickname, fecha de nacimiento, correo, teléfono, género y ciudad), las fotos que
        publicas y la foto de tu documento de identidad para verificar que eres mayor de edad y quien dices ser.
      </p>
      <p>
        La foto del documento se guarda cifrada, solo la ven tú y la administración, y se elimina automáticamente 30
        días después de aprobada tu cuenta. Tu contraseña se guarda solo como un resumen irreversible.
      </p>
    </>
  );
}
