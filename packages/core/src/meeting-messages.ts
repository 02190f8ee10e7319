/**
 * Texts of meeting details, answers, the conversation, notifications and
 * two-way reviews (decisions 0065 to 0069; the spec words none of them). Spread into `msg`,
 * so every screen and error still reads `msg.<name>`.
 */
export const meetingMessages = {
  // Request details
  meetingTimeRequired: 'Elige la fecha y la hora de la cita.',
  meetingTimeInvalid: 'La fecha y la hora no son válidas.',
  meetingTimeTooSoon: 'La cita debe ser al menos 1 hora después de ahora.',
  meetingTimeTooFar: 'La cita puede ser como máximo dentro de 30 días.',
  durationInvalid: 'La duración debe ser de 1 a 12 horas, en bloques de 30 minutos.',
  placeRequired: 'Elige dónde será la cita.',
  requestMessageTooLong: 'El mensaje puede tener como máximo 500 caracteres.',
  textInvalidChars: 'El texto tiene caracteres no permitidos.',
  rejectReasonTooLong: 'El motivo puede tener como máximo 300 caracteres.',
  // Answers
  requestExpired: 'La hora de esta solicitud ya pasó. Propón otra hora o recházala.',
  proposalSent: 'Propusiste otra hora. Te avisaremos cuando responda.',
  proposalMissing: 'No hay una propuesta de otra hora para aceptar.',
  proposalAccepted: 'Aceptaste la nueva hora: la cita quedó confirmada.',
  proposalError: 'No se pudo enviar la propuesta.',
  proposalAcceptError: 'No se pudo aceptar la propuesta.',
  // Conversation
  chatTextRequired: 'Escribe un mensaje.',
  chatTextTooLong: 'El mensaje puede tener como máximo 1000 caracteres.',
  conversationNotFound: 'No encontramos esta conversación.',
  conversationNotOpen: 'La conversación se abre cuando la cita es aceptada.',
  conversationEnded: 'Esta conversación ya terminó.',
  chatSendError: 'No se pudo enviar el mensaje.',
  chatLoadError: 'No se pudo cargar la conversación.',
  meetingsLoadError: 'No se pudieron cargar tus citas.',
  // Notifications
  notificationsSaved: 'Preferencias guardadas.',
  notificationsError: 'No se pudieron guardar tus preferencias.',
  unsubscribeInvalid: 'El enlace para dejar de recibir avisos no es válido.',
  unsubscribeDone: (what: string) => `Listo: ya no recibirás avisos de ${what}.`,
  unsubscribeError: 'No pudimos desactivar los avisos. Inténtalo de nuevo.',
  // Reviews
  commentTooShort: 'El comentario debe tener al menos 10 caracteres.',
  commentDuplicateMeeting: 'Ya comentaste esta cita.',
  commentSavedHidden: 'Comentario guardado. Se publicará cuando ambos califiquen o termine el plazo.',
  commentDeleteExpired: 'Solo puedes eliminar tu comentario durante las 24 horas siguientes a publicarlo.',
  commentDeleted: 'Comentario eliminado.',
  reviewWindowClosed: 'El plazo para calificar esta cita terminó.',
  /** A review opens at the meeting's time (decision 0157). */
  reviewNotYetOpen: 'Podrás calificar esta cita desde la hora de la cita.',
  commentNotYetOpen: 'Podrás comentar esta cita desde la hora de la cita.',
  ratingSavedHidden: 'Calificación guardada. Se publicará cuando ambos califiquen o termine el plazo.',
  dislikeUndoError: 'No se pudo quitar tu "No Me Gusta".',
} as const;
