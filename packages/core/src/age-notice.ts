import { ageNoticeStorageKey } from './constants.ts';

/**
 * The 18+ notice, part of every anonymous page's server HTML (decision 0141): a native <dialog> placed
 * before the app's markup, opened as a modal by the inline script right after it, while the HTML is still
 * being parsed. So it is up before the first paint (no photo shows first), works before the app's bundle
 * runs (on a slow phone, seconds later), and never opens over a field someone is typing in. A device that
 * answered (localStorage) drops it before anything paints. Without JavaScript (a crawler) a <dialog>
 * without `open` is not displayed: the page is the page.
 */

/** Where "Salir" takes someone who is not of age: a neutral page outside the site. */
export const ageNoticeLeaveUrl = 'https://www.google.cl/';

/**
 * The inline script. Its SHA-256 is allowed by the CSP (apps/api/src/plugins/security-headers.ts), so it
 * must stay byte-for-byte what the page carries.
 */
export const ageNoticeScript = `(function(){var d=document.getElementById('aviso-edad'),k=${JSON.stringify(
  ageNoticeStorageKey,
)},r=document.documentElement;if(!d)return;var ok=false;try{ok=localStorage.getItem(k)!==null}catch(e){}if(ok){d.remove();return}r.classList.add('age-notice-open');d.addEventListener('cancel',function(e){e.preventDefault()});d.querySelector('[data-age-ok]').addEventListener('click',function(){try{localStorage.setItem(k,new Date().toISOString())}catch(e){}d.close();d.remove();r.classList.remove('age-notice-open')});try{d.showModal()}catch(e){d.setAttribute('open','')}})();`;

/** The notice's markup and its script, for the `<!--app-age-->` slot of the page template. */
export const ageNoticeHtml = `<dialog id="aviso-edad" class="age-notice" aria-labelledby="aviso-edad-titulo" aria-describedby="aviso-edad-texto"><p class="age-notice-mark" aria-hidden="true">18+</p><h2 id="aviso-edad-titulo" class="age-notice-title">Solo para mayores de edad</h2><p id="aviso-edad-texto" class="age-notice-text">Este sitio contiene material para adultos. Para entrar debes tener 18 años o más y aceptar ver este contenido.</p><div class="age-notice-actions"><button type="button" class="button" data-age-ok>Soy mayor de 18 años</button><a class="button button-secondary" href="${ageNoticeLeaveUrl}" rel="noreferrer">Salir</a></div><p class="age-notice-small">Recordaremos tu respuesta en este dispositivo.</p></dialog><script>${ageNoticeScript}</script>`;
