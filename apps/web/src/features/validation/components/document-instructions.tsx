/** How to photograph the document, with an example; the same for both kinds of account. */
export function DocumentInstructions({ titleId }: { titleId: string }) {
  return (
    <section className="form-card doc-instructions" aria-labelledby={titleId}>
      <h2 id={titleId}>Sube tu documento de identidad</h2>
      <p>
        Para validar tu cuenta necesitamos una foto de tu documento de identidad: cédula de identidad,
        pasaporte o licencia de conducir. Tómala de frente, con buena luz y sin reflejos, de modo que se lean
        tu nombre, tu RUT y tu fecha de nacimiento.
      </p>
      <figure className="doc-example">
        <img
          src="/assets/ejemplo-documento.svg"
          alt="Ejemplo: una cédula completa, derecha y bien iluminada"
          width={480}
          height={300}
        />
        <figcaption>Ejemplo de foto correcta</figcaption>
      </figure>
      <p className="field-hint">
        Tu documento se guarda cifrado y solo lo ve el Administrador para validar tu cuenta. Nunca se publica.
      </p>
    </section>
  );
}
