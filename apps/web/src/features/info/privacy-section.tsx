import { retentionDays } from '@encanto/core/constants';
import { useApiQuery } from '../../lib/query.ts';

/** Until the server answers (and on the server render) the default period is shown. */
const DEFAULT_RETENTION_DAYS = 30;

/**
 * What the product stores, why, for how long, and the rights under Ley 21.719
 * with where to use each one. Plain words, short lists: most readers are on a phone.
 */
export function PrivacySection({ siteName }: { siteName: string }) {
  const privacy = useApiQuery<{ retencion_documento_dias: number }>('/privacidad', {
    staleTime: 60 * 60 * 1000,
  });
  const days = privacy.data?.retencion_documento_dias ?? DEFAULT_RETENTION_DAYS;
  return (
    <div className="privacy">
      <p>
        En {siteName} guardamos solo lo necesario para que el directorio funcione de forma segura. Aquí te
        contamos qué datos tenemos, para qué, por cuánto tiempo y cómo ejercer tus derechos según la Ley
        21.719 de protección de datos personales.
      </p>

      <h3>Qué guardamos</h3>
      <ul>
        <li>
          <strong>Tu cuenta:</strong> RUT o pasaporte, nombre, nickname, fecha de nacimiento, correo,
          teléfono, género y ciudad.
        </li>
        <li>
          <strong>Si eres escort:</strong> tu perfil (nombre para mostrar, medidas, descripción y estado), tus
          fotos y tus videos.
        </li>
        <li>
          <strong>La foto de tu documento de identidad</strong>, para verificar tu edad y tu identidad.
        </li>
        <li>
          <strong>Lo que haces en el sitio:</strong> favoritos, solicitudes de cita, comentarios, notas,
          bloqueos y denuncias.
        </li>
        <li>
          <strong>Tus sesiones abiertas:</strong> cuándo empezaron y su última actividad. No usamos cookies de
          publicidad ni rastreadores de terceros.
        </li>
      </ul>

      <h3>Para qué</h3>
      <ul>
        <li>Para comprobar que cada persona es mayor de 18 años y es quien dice ser.</li>
        <li>Para mostrar los perfiles, permitir el contacto directo y que las notas sean honestas.</li>
        <li>Para cuidar a quienes usan el sitio: revisar denuncias y evitar abusos.</li>
        <li>
          Los datos sobre vida sexual son datos sensibles según la ley: los usamos solo para que el directorio
          funcione, con tu consentimiento, y nunca los vendemos ni los compartimos con fines comerciales.
        </li>
      </ul>

      <h3>Por cuánto tiempo</h3>
      <ul>
        <li>
          Tu cuenta, tu perfil y tus fotos: mientras los mantengas. Si eliminas tu cuenta, se borran al
          instante.
        </li>
        <li>
          La foto de tu documento se guarda cifrada, solo la ven tú y la administración, y se borra
          automáticamente <strong>{days} días después de aprobada tu cuenta</strong>. Si la rechazamos, se
          borra <strong>{retentionDays.rejectedDocument} días después del rechazo</strong> (puedes subir otra
          antes).
        </li>
        <li>
          Si tu cuenta sigue pendiente de validación y no ingresas en {retentionDays.inactivePendingNotice}{' '}
          días, te escribimos; si sigues sin ingresar, la eliminamos junto con tu documento a los{' '}
          <strong>{retentionDays.inactivePendingDeletion} días</strong> sin actividad, nunca antes de{' '}
          {retentionDays.inactivePendingDeletion - retentionDays.inactivePendingNotice} días desde ese correo.
        </li>
        <li>
          Los comentarios y notas que escribiste sobre otras personas quedan como «Usuario eliminado» si
          borras tu cuenta, para que sus promedios sigan siendo reales.
        </li>
        <li>
          El registro de decisiones de la administración (quién decidió qué y cuándo) se conserva para
          responder ante reclamos o autoridades.
        </li>
        <li>Tu contraseña se guarda solo como un resumen irreversible: nadie puede leerla, ni nosotros.</li>
      </ul>

      <h3>Tus derechos y cómo usarlos</h3>
      <p>
        Todo se hace gratis, desde la sección «Mis datos» de tu perfil, en tu teléfono y en menos de un
        minuto:
      </p>
      <ul>
        <li>
          <strong>Acceso y portabilidad:</strong> «Descargar mis datos» te entrega un archivo con todo lo que
          guardamos sobre ti, y «Descargar como página para leer», lo mismo escrito para leerlo.
        </li>
        <li>
          <strong>Rectificación:</strong> corrige tu teléfono, foto, ciudad y descripción desde tu perfil.
          Para tu nombre, fecha de nacimiento o RUT, pídenos el cambio en «Corregir un dato».
        </li>
        <li>
          <strong>Supresión:</strong> «Eliminar mi cuenta» borra tu cuenta y tus datos; antes te mostramos
          exactamente qué se elimina.
        </li>
        <li>
          <strong>Oposición y bloqueo:</strong> si eres escort, «Pausar mi perfil» lo oculta en todo el sitio
          sin borrar nada, y puedes bloquear a un cliente desde tus solicitudes.
        </li>
      </ul>
      <p>
        Si algo no funciona, escríbenos desde Contacto y te respondemos en días hábiles. También puedes
        reclamar ante la Agencia de Protección de Datos Personales.
      </p>

      <h3>Seguridad y denuncias</h3>
      <ul>
        <li>Cada cuenta se verifica con un documento de identidad antes de publicarse.</li>
        <li>
          Cada perfil tiene un botón «Denunciar perfil». Si nos avisas de un posible menor de edad, la
          administración lo revisa de inmediato. Mientras tanto, el perfil se oculta solo si la denuncia viene
          de un cliente verificado que tuvo una cita aceptada con ella; las denuncias anónimas, sean cuantas
          sean, no lo ocultan antes de esa revisión. También revisamos suplantación o fotos falsas, trata o
          coerción, y spam.
        </li>
        <li>
          Para distinguir denuncias de personas distintas guardamos, solo por 24 horas, una huella cifrada de
          tu conexión: nunca tu dirección IP.
        </li>
        <li>Tu denuncia es confidencial. Si alguien está en peligro, llama al 133 (Carabineros).</li>
      </ul>
    </div>
  );
}
