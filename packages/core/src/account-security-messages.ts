/**
 * Texts of the fresh proof asked before a factor changes and of the "no fui yo" page
 * (decision 0119); the security notice mail itself is
 * apps/api/src/mail-templates/security-notice.ts. Spread into `msg`.
 */
export const accountSecurityMessages = {
  reauthRequired: 'Por seguridad, confirma tu contraseña o un código de tu app para continuar.',
  reauthPasswordWrong: 'La contraseña no es correcta.',
  reauthDone: 'Listo. Tienes 5 minutos para hacer cambios de seguridad.',
  passkeyNeedsVerification:
    'Tu dispositivo no pidió tu huella, rostro o PIN. Activa el bloqueo de pantalla e inténtalo de nuevo.',
  notDoneLinkInvalid: 'El enlace no es válido, ya se usó o venció.',
  notDoneDone:
    'Listo: cerramos todas las sesiones de tu cuenta y desactivamos tu contraseña. Crea una nueva con «¿Olvidaste tu contraseña?».',
} as const;
