/** Texts of the installable app's push notices and favourite-visit alerts (decisions 0168-0170). */
export const pushMessages = {
  pushEndpointInvalid: 'La suscripción de avisos no es válida. Vuelve a activarlos.',
  pushHostRefused: 'Este navegador usa un servicio de avisos que no aceptamos.',
  pushKeysInvalid: 'Las claves de la suscripción de avisos no son válidas. Vuelve a activarlos.',
  pushSubscriptionNotFound: 'Esos avisos ya no están activos en ese dispositivo.',
  pushNotSupported:
    'Este navegador no permite avisos. En iPhone, primero agrega el sitio a tu pantalla de inicio.',
  pushDenied: 'Bloqueaste los avisos para este sitio. Actívalos en los ajustes del navegador.',
  pushEnabled: 'Avisos activados en este dispositivo.',
  pushDisabled: 'Avisos desactivados en este dispositivo.',
  pushError: 'No se pudieron activar los avisos. Inténtalo de nuevo.',
  visitCityInvalid: 'Elige una comuna de la lista.',
} as const;
