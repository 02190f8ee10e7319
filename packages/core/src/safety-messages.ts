/**
 * Texts of verified photos, signals and the safety check-in (decisions 0082, 0084 and 0085; the spec
 * words none of them). Spread into `msg`, so screens and errors read `msg.<name>`.
 */
export const safetyMessages = {
  // Verified photos
  photoCheckNotApproved: 'Tu cuenta debe estar autorizada antes de verificar tus fotos.',
  photoCheckCodeMissing: 'Pide un código nuevo: el tuyo venció o no coincide.',
  photoCheckPending: 'Ya enviaste una selfie; espera la revisión antes de enviar otra.',
  photoCheckSent: 'Selfie enviada. Te avisaremos por correo cuando la revisemos.',
  photoCheckNotFound: 'La verificación no existe.',
  photoCheckDecided: 'Esta verificación ya fue revisada.',
  photoCheckApproved: 'Fotos verificadas.',
  photoCheckRejected: 'Verificación rechazada.',
  photoCheckReasonRequired: 'Escribe el motivo del rechazo (entre 3 y 300 caracteres).',
  // Signals
  signalNotFound: 'Esa señal ya no existe o cambió.',
  signalNoteRequired: 'Escribe una nota (entre 3 y 300 caracteres).',
  signalDismissed: 'Señal descartada.',
  // Safety check-in
  checkinDeadlineRange: 'La hora límite debe estar entre 15 minutos y 12 horas desde ahora.',
  checkinContactRequired: 'Escribe el correo de tu contacto de confianza.',
  checkinNoteTooLong: 'La nota puede tener como máximo 500 caracteres.',
  checkinMeetingInvalid: 'Esa cita no existe o no está aceptada.',
  checkinStarted: 'Aviso de seguridad activado.',
  checkinClosed: 'Qué bueno que estás bien. Cerramos el aviso.',
  checkinNotFound: 'El aviso no existe.',
  checkinNotActive: 'Este aviso ya está cerrado.',
  checkinActiveLimit: 'Ya tienes 3 avisos activos; cierra uno antes de crear otro.',
  checkinNotApproved: 'Tu cuenta debe estar autorizada antes de usar el aviso de seguridad.',
  checkinDailyLimit: (max: number) =>
    `Ya activaste ${max} avisos de seguridad hoy; podrás activar otro mañana. Si estás en peligro, llama al 133 (Carabineros).`,
  checkinNewContactLimit: (max: number) =>
    `Hoy ya agregaste ${max} contactos nuevos. Usa un contacto que ya confirmó o inténtalo mañana.`,
  checkinAddressLimit:
    'Ese correo ya recibió el máximo de avisos de hoy. Elige otro contacto o inténtalo mañana.',
  checkinContactRefused:
    'Esa persona pidió no recibir correos de este sitio. Elige otro contacto de confianza.',
  // Safety alerts between providers (decision 0171)
  alertCategoryRequired: 'Elige qué pasó.',
  alertMeetingInvalid: 'Solo puedes alertar sobre un cliente con quien tuviste una cita aceptada.',
  alertDescriptionLength: 'Cuéntanos qué pasó en 20 a 1000 caracteres.',
  alertWindowClosed: 'El plazo para alertar sobre esta cita terminó (30 días después de la cita).',
  alertAlreadyFiled: 'Ya enviaste una alerta sobre esta cita.',
  alertFiled: 'Gracias por avisarnos. La administración la revisará; el cliente nunca sabrá quién la envió.',
  alertFileError: 'No pudimos enviar la alerta. Inténtalo de nuevo.',
  alertNotFound: 'La alerta no existe.',
  alertAlreadyDecided: 'Esta alerta ya fue revisada.',
  alertNotConfirmed: 'Solo se puede retirar una alerta confirmada.',
  alertNoteLength: 'Escribe una nota (entre 3 y 300 caracteres).',
  alertConfirmed: 'Alerta confirmada.',
  alertDismissed: 'Alerta descartada.',
  alertWithdrawn: 'Alerta retirada.',
  alertAnswerLength: 'Escribe tu descargo en 10 a 1000 caracteres.',
  alertAnswerDone: 'Recibimos tu descargo. La administración lo revisará.',
  alertAnswerTwice: 'Ya enviaste tu descargo sobre esta alerta.',
  alertAnswerClosed: 'Esta alerta ya no está vigente; no hace falta un descargo.',
  alertAnswerError: 'No pudimos enviar tu descargo. Inténtalo de nuevo.',
  alertSettingsSaved: 'Listo, guardamos tu preferencia.',
  alertSettingsError: 'No pudimos guardar tu preferencia. Inténtalo de nuevo.',
  contactLinkInvalid: 'El enlace no es válido o ya fue usado.',
  contactConfirmed: 'Gracias: quedaste confirmado como contacto de confianza.',
  contactRefusalInvalid: 'El enlace para dejar de recibir correos no es válido.',
  contactRefusalDone: (site: string) =>
    `Listo: no volverás a recibir correos de ${site} por avisos de seguridad.`,
  contactRefusalError: 'No pudimos registrar tu pedido. Inténtalo de nuevo.',
} as const;
