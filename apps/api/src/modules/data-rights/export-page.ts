import { formatDateTime } from '@encanto/core/chile-time';

/**
 * The export as a page a person can read (decision 0148): the same data as the JSON file, with its keys
 * as Spanish words, dates in Chile's time on the 24-hour clock, yes/no for flags and a dash for empty
 * values. A standalone HTML file with its own style and no script, so it opens from the downloads folder.
 */

/** Keys whose words read badly when their underscores are simply spaces. */
const labels: Record<string, string> = {
  formato: 'Formato del archivo',
  sitio: 'Sitio',
  generado_el: 'Generado el',
  cuenta: 'Tu cuenta',
  tipo_perfil: 'Tipo de cuenta',
  rut: 'RUT o pasaporte',
  apellido: 'Alias o nombre para mostrar',
  fecha_nac: 'Fecha de nacimiento',
  genero: 'Género',
  fono: 'Teléfono',
  url: 'Foto de perfil',
  autorizado: 'Autorización',
  aviso_pendiente: 'Aviso pendiente',
  perfil_escort: 'Perfil de escort',
  legenda: 'Leyenda',
  nick_usuario: 'Escort',
  nickname_cliente: 'Cliente',
  email: 'Correo electrónico',
  ip: 'Dirección IP',
};

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** 'fotos_verificadas' -> 'Fotos verificadas'. */
export function exportLabel(key: string): string {
  const known = labels[key];
  if (known) return known;
  const words = key.replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

function value(v: unknown): string {
  if (v === null || v === undefined || v === '') return '<span class="vacio">—</span>';
  if (typeof v === 'boolean') return v ? 'Sí' : 'No';
  if (typeof v === 'number') return String(v).replace('.', ',');
  if (typeof v === 'string') {
    if (ISO_INSTANT.test(v) && !Number.isNaN(Date.parse(v))) return escape(formatDateTime(v));
    return escape(v);
  }
  if (Array.isArray(v)) {
    if (v.length === 0) return '<span class="vacio">Ninguno</span>';
    return `<ol>${v.map((item) => `<li>${value(item)}</li>`).join('')}</ol>`;
  }
  return fields(v as Record<string, unknown>);
}

function fields(obj: Record<string, unknown>): string {
  const rows = Object.entries(obj).map(([k, v]) => `<dt>${escape(exportLabel(k))}</dt><dd>${value(v)}</dd>`);
  return `<dl>${rows.join('')}</dl>`;
}

export function exportPage(data: Record<string, unknown>, nickname: string): string {
  const { formato: _format, sitio, generado_el, ...sections } = data;
  const site = typeof sitio === 'string' ? sitio : 'Encanto';
  const body = Object.entries(sections)
    .map(([k, v]) => `<section><h2>${escape(exportLabel(k))}</h2>${value(v)}</section>`)
    .join('\n');
  return `<!doctype html>
<html lang="es-CL">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Tus datos en ${escape(site)} (${escape(nickname)})</title>
<style>
body{font:16px/1.5 system-ui,sans-serif;margin:0 auto;max-width:60rem;padding:1rem;color:#1d1d1f;background:#fff}
h1{font-size:1.5rem}h2{font-size:1.15rem;border-bottom:1px solid #ddd;padding-bottom:.25rem;margin-top:2rem}
dl{display:grid;grid-template-columns:minmax(8rem,14rem) 1fr;gap:.25rem 1rem;margin:0}
dt{font-weight:600;color:#555}dd{margin:0;overflow-wrap:anywhere}
ol{margin:0;padding-left:1.25rem}li{margin:.5rem 0}li dl{border-left:3px solid #eee;padding-left:.5rem}
.vacio{color:#888}
@media (max-width:30rem){dl{grid-template-columns:1fr}dd{margin-bottom:.5rem}}
</style>
</head>
<body>
<h1>Tus datos en ${escape(site)}</h1>
<p>Generado el ${value(generado_el)}. Es el mismo contenido del archivo JSON de tu descarga, escrito para leerlo.</p>
${body}
</body>
</html>
`;
}
