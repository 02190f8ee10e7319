/**
 * Texts of the fresh proof asked before a factor changes, the security notices mailed to the owner and
 * the "no fui yo" link (docs/decisions.md, "Factor changes need a fresh proof"). Spread into `msg`.
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
  securityMailSubject: (site: string) => `${site}: aviso de seguridad de tu cuenta`,
  securityMailText: (v: { what: string; when: string; device: string; link: string; hours: number }) =>
    `Hola:\n\n${v.what} el ${v.when} (hora de Chile), desde ${v.device}.\n\nSi fuiste tú, no tienes que hacer nada.\n\nSi no fuiste tú, abre este enlace antes de ${v.hours} horas: cerraremos todas las sesiones de tu cuenta, desharemos este cambio y desactivaremos tu contraseña para que crees una nueva.\n${v.link}`,
  securityNoticeWhat: {
    totp_added: 'Se activó la verificación en dos pasos en tu cuenta',
    totp_removed: 'Se desactivó la verificación en dos pasos de tu cuenta',
    passkey_added: 'Se agregó una llave de acceso (passkey) a tu cuenta',
    passkey_removed: 'Se eliminó una llave de acceso (passkey) de tu cuenta',
    codes_renewed: 'Se generaron códigos de recuperación nuevos para tu cuenta',
    factors_reset:
      'El equipo de soporte quitó la verificación en dos pasos y las llaves de acceso de tu cuenta',
    new_device: 'Alguien ingresó a tu cuenta desde un navegador nuevo',
  },
} as const;

export type SecurityNoticeKind = keyof typeof accountSecurityMessages.securityNoticeWhat;
