/**
 * The 10 recovery codes, shown once after enrolment, with a plain-text download: each works once
 * in place of the app's code (a lost phone), and the server keeps only their hashes.
 */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  const download = () => {
    const text = [
      'Códigos de recuperación de Encanto',
      'Cada código sirve una sola vez si no tienes tu app de autenticación.',
      '',
      ...codes,
      '',
    ].join('\n');
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'codigos-recuperacion-encanto.txt';
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <div className="tf-codes">
      <p className="message message-success" role="status">
        Guarda estos códigos de recuperación en un lugar seguro. Cada uno sirve una sola vez si pierdes tu
        teléfono, y no volverán a mostrarse.
      </p>
      <ol className="tf-code-list" aria-label="Códigos de recuperación">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <button type="button" className="button button-secondary" onClick={download}>
        Descargar códigos (.txt)
      </button>
    </div>
  );
}
