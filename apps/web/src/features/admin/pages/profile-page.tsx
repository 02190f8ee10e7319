import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import type { Report } from '@encanto/core/data-rights';
import { paths } from '../../../config/paths.ts';
import { useAdminHead } from '../../../lib/admin-head.ts';
import { ApiError, errorText } from '../../../lib/api-client.ts';
import { decideReport, useRefreshReports, type ReportAction } from '../../../lib/api/reports.ts';
import { useAction } from '../../../lib/use-action.ts';
import { useAdminProfile, useRefreshAdminProfile } from '../api/profile.ts';
import { BirthDate } from '../components/birth-date.tsx';
import { MinorWarning } from '../components/minor-warning.tsx';
import { ProfileHold } from '../components/profile-hold.tsx';
import { ProfileReports } from '../components/profile-reports.tsx';
import { isMinor } from '../pending-kinds.ts';

type Status = { text: string; error: boolean } | null;

/**
 * /pendientes/perfil/{nickname}: a reported profile as the admin reviews it, in
 * the admin's words: whether the site hides it and why, the person behind it
 * (to compare with the document), what the public would see, and its reports,
 * which can be decided here.
 */
export default function ProfilePage() {
  const { nickname = '' } = useParams();
  useAdminHead(`Perfil de ${nickname}`);
  const query = useAdminProfile(nickname);
  const refreshReports = useRefreshReports();
  const refreshProfile = useRefreshAdminProfile(nickname);
  const { busy, run } = useAction(() => Promise.all([refreshReports(), refreshProfile()]));
  const [status, setStatus] = useState<Status>(null);
  const decide = (report: Report, action: ReportAction, motivo?: string) =>
    run(() => decideReport(report.id, action, motivo), {
      onSuccess: (res) => setStatus({ text: res.mensaje, error: false }),
      onError: (err) => setStatus({ text: errorText(err, 'No se pudo guardar la decisión.'), error: true }),
    });

  const back = (
    <p className="profile-back">
      <Link to={paths.adminReports}>← Volver a Denuncias</Link>
    </p>
  );
  if (query.isPending) {
    return (
      <section aria-busy="true">
        {back}
        <div className="skeleton skeleton-title" />
        <div className="skeleton" style={{ height: 280 }} />
      </section>
    );
  }
  if (query.isError) {
    return (
      <section>
        {back}
        <p className="message message-error" role="alert">
          {query.error instanceof ApiError && query.error.status === 404
            ? `No existe un perfil de escort con el nickname ${nickname}.`
            : errorText(query.error, 'No se pudo cargar el perfil.')}
        </p>
      </section>
    );
  }
  const p = query.data;
  const suspendedReport = p.retencion?.estado === 'suspendido' ? p.denuncias[0] : undefined;
  return (
    <section aria-labelledby="perfil-title" className="admin-profile">
      {back}
      <div className="admin-section-head">
        <h2 id="perfil-title" className="admin-section-title">
          Perfil de {p.nickname}
        </h2>
        {/* Only a public card has a page to open; a hidden one answers "not found" to everyone. */}
        {!p.retencion && !p.pausado && p.autorizado === 'aprobado' && (
          <Link className="admin-profile-public" to={paths.card(p.nickname)}>
            Ver tarjeta pública
          </Link>
        )}
      </div>
      <div aria-live="polite">
        {status && (
          <p
            className={`message ${status.error ? 'message-error' : 'message-success'}`}
            role={status.error ? 'alert' : 'status'}
          >
            {status.text}
          </p>
        )}
      </div>
      <ProfileHold profile={p} />
      {suspendedReport && (
        <div className="dr-actions profile-reinstate">
          <button
            type="button"
            className="button"
            disabled={busy}
            onClick={() => decide(suspendedReport, 'reincorporar')}
          >
            Reincorporar perfil
          </button>
        </div>
      )}
      {isMinor(p.edad) && <MinorWarning edad={p.edad} />}

      <div className="admin-profile-grid">
        <img
          className="admin-profile-photo"
          src={p.url}
          {...(p.srcset ? { srcSet: p.srcset, sizes: '(min-width: 900px) 280px, 100vw' } : {})}
          alt={`Foto de perfil de ${p.nickname}`}
          width={280}
          height={350}
        />
        <div className="form-card admin-profile-card">
          <h3>Datos de la cuenta</h3>
          <dl className="doc-viewer-data admin-profile-data">
            <Item label="Nombre completo">{p.nombre}</Item>
            <Item label="RUT">{p.rut}</Item>
            <Item label="Fecha de nacimiento">
              <BirthDate fecha={p.fecha_nac} edad={p.edad} />
            </Item>
            <Item label="Correo">{p.email}</Item>
            <Item label="Teléfono">{p.fono}</Item>
            <Item label="Género">{p.genero}</Item>
            <Item label="Ciudad">{p.ciudad}</Item>
            <Item label="Autorización">{p.autorizado === 'aprobado' ? 'Autorizada' : 'Pendiente'}</Item>
          </dl>
        </div>
        <div className="form-card admin-profile-card">
          <h3>Lo que publica</h3>
          <dl className="doc-viewer-data admin-profile-data">
            <Item label="Nombre para mostrar">{p.apellido}</Item>
            <Item label="Estado">{p.estado === 'disponible' ? 'Disponible' : 'Inactiva'}</Item>
            <Item label="Medidas">{p.medidas || '—'}</Item>
            <Item label="Leyenda">{p.legenda || '—'}</Item>
          </dl>
        </div>
      </div>

      <section aria-labelledby="perfil-denuncias" className="admin-latest">
        <h2 id="perfil-denuncias" className="admin-section-title">
          Denuncias ({p.denuncias.length})
        </h2>
        <ProfileReports reports={p.denuncias} busy={busy} onDecide={decide} />
      </section>
    </section>
  );
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
