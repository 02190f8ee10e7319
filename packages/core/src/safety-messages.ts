/**
 * Texts of verified photos, signals and the safety check-in (issue 21; the spec
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
  photoCheckApprovedSubject: 'Tus fotos están verificadas',
  photoCheckApprovedText: (nickname: string) =>
    `Hola ${nickname}:\n\nRevisamos tu selfie y coincide con tus fotos. Tu perfil ya muestra la insignia "Fotos verificadas".\n\nSi cambias tu foto de perfil o agregas imágenes a tu galería, la insignia se quita hasta que verifiques de nuevo.`,
  photoCheckRejectedSubject: 'No pudimos verificar tus fotos',
  photoCheckRejectedText: (nickname: string, motivo: string) =>
    `Hola ${nickname}:\n\nRevisamos tu selfie y no pudimos verificar tus fotos.\n\nMotivo: ${motivo}\n\nPuedes pedir un código nuevo y enviar otra selfie desde tu perfil.`,
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
  contactLinkInvalid: 'El enlace no es válido o ya fue usado.',
  contactConfirmed: 'Gracias: quedaste confirmado como contacto de confianza.',
  contactRefusalInvalid: 'El enlace para dejar de recibir correos no es válido.',
  contactRefusalDone: (site: string) =>
    `Listo: no volverás a recibir correos de ${site} por avisos de seguridad.`,
  contactRefusalError: 'No pudimos registrar tu pedido. Inténtalo de nuevo.',
  // Check-in mail goes to people who are not users: it says who asks (her public nickname on the
  // named site), carries no link she wrote, and ends with the one-click refusal of all mail.
  contactInviteSubject: (site: string, nickname: string) =>
    `${site}: ${nickname} te pidió ser su contacto de confianza`,
  contactInviteText: (nickname: string, site: string, link: string, refuse: string) =>
    `Hola:\n\nTe escribimos desde ${site}. Quien te eligió como contacto de confianza para sus citas es la escort que en ${site} usa el apodo público «${nickname}». Si no responde a tiempo a un aviso de seguridad, te escribiremos con los datos que ella decida compartir.\n\nSi la conoces y aceptas, confirma aquí:\n${link}\n\nSi no la conoces, ignora este correo: sin tu confirmación no te enviaremos sus avisos.\n\n—\nPara no recibir nunca más correos de ${site}, con un clic:\n${refuse}`,
  checkinReminderSubject: 'Tu aviso de seguridad vence en 10 minutos',
  checkinReminderText: (nickname: string, deadline: string, link: string, contactConfirmed: boolean) =>
    `Hola ${nickname}:\n\nTu aviso de seguridad vence a las ${deadline}. Si estás bien, ciérralo aquí:\n${link}\n\n${
      contactConfirmed
        ? 'Si no lo cierras, avisaremos a tu contacto de confianza.'
        : 'Tu contacto aún no confirma que acepta serlo: si no lo hace antes de esa hora, no podremos avisarle.'
    }`,
  checkinAlertSubject: (site: string, nickname: string) => `${site}: ${nickname} no confirmó que está bien`,
  checkinAlertText: (
    nickname: string,
    site: string,
    deadline: string,
    details: string,
    reach: string,
    refuse: string,
  ) =>
    `Hola:\n\nTe escribimos desde ${site} porque aceptaste ser contacto de confianza de la escort que en ${site} usa el apodo público «${nickname}». Activó un aviso de seguridad y no confirmó que está bien antes de las ${deadline}.\n\n${details}\n\nCómo contactarla: ${reach}\n\nIntenta comunicarte con ella. Si crees que está en peligro, llama a Carabineros (133).\n\n—\nPara no recibir nunca más correos de ${site}, con un clic:\n${refuse}`,
  checkinAlertNote: (note: string) => `Su nota, tal como la escribió (sin enlaces activos): «${note}»`,
} as const;
