/** Spanish texts of the attendance record ("Asistencia", decisions 0173-0174); merged into `msg`. */
export const attendanceMessages = {
  attendanceResultRequired: 'Elige si la cita se concretó o si la otra persona no se presentó.',
  attendanceNotFound: 'No encontramos esa cita aceptada entre tus citas.',
  attendanceTooSoon: 'Podrás marcar la asistencia desde la hora de la cita.',
  attendanceClosed: 'El plazo para marcar esta cita terminó (7 días después de la cita).',
  attendanceTwice: 'Ya marcaste la asistencia de esta cita.',
  attendanceSaved: 'Gracias, guardamos lo que pasó en la cita.',
  attendanceSaveError: 'No pudimos guardar la asistencia. Inténtalo de nuevo.',
  attendanceNothingToDispute: 'No hay una ausencia que puedas reclamar en esta cita.',
  attendanceDisputeClosed: 'El plazo para reclamar terminó (7 días después de que la marcaron).',
  attendanceDisputeTwice: 'Ya reclamaste esta ausencia; la administración la está revisando.',
  attendanceDisputeTextLength: 'Tu versión puede tener hasta 500 caracteres.',
  attendanceDisputed:
    'Recibimos tu reclamo. La administración lo revisará y la ausencia no cuenta mientras tanto.',
  attendanceDisputeError: 'No pudimos enviar tu reclamo. Inténtalo de nuevo.',
  attendanceDisputeNotFound: 'Ese reclamo no existe.',
  attendanceDisputeSettled: 'Este reclamo ya fue resuelto.',
  attendanceResolutionRequired: 'Elige si la ausencia se mantiene o se anula.',
  attendanceAbsenceKept: 'La ausencia se mantiene.',
  attendanceAbsenceCancelled: 'La ausencia quedó anulada.',
} as const;
