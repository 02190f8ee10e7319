/** Texts of the photo-theft hold (decision 0177) and of her watermark (decision 0178). */
export const photoHoldMessages = {
  photoHeldUploaded:
    'Tu foto quedó en revisión: se parece mucho a una foto que publicó otra cuenta. La mostraremos cuando el equipo la revise.',
  photoHeldWhy:
    'Se parece mucho a una foto que otra cuenta publicó antes. Para cuidar a todas de la suplantación, el equipo la revisa antes de mostrarla.',
  photoHoldRemovedWhy:
    'El equipo revisó esta foto y decidió no publicarla. Puedes eliminarla y subir otra tuya.',
  photoHoldNotFound: 'No encontramos esa foto retenida.',
  photoHoldDecided: 'Esa foto ya fue revisada.',
  photoHoldReleased: 'Foto liberada: ya se muestra en el perfil.',
  photoHoldRemoved: 'Foto retirada: no se mostrará.',
  photoHoldNoteRequired: 'Escribe una nota (entre 3 y 300 caracteres).',
  photoReportLinkInvalid: 'Este enlace no es válido o ya no existe.',
  photoReportSent: 'Gracias. Recibimos tu denuncia y el equipo la revisará pronto.',
  photoReportAlready: 'Ya recibimos tu denuncia por esta foto. El equipo la está revisando.',
  watermarkOn: 'Tus fotos públicas ahora llevan tu marca.',
  watermarkOff: 'Quitamos la marca de tus fotos.',
  watermarkInvalid: 'Indica si quieres marcar tus fotos: activa debe ser verdadero o falso.',
  watermarkError: 'No pudimos cambiar la marca de tus fotos. Inténtalo de nuevo en un momento.',
} as const;
