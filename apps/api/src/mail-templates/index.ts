import type { MailTemplate } from './mail.ts';
import { accountApprovedMail } from './account-approved.ts';
import { approvalNoticeMail } from './approval-notice.ts';
import { checkinAlertMail } from './checkin-alert.ts';
import { checkinReminderMail } from './checkin-reminder.ts';
import { contactInviteMail } from './contact-invite.ts';
import { documentRejectedMail } from './document-rejected.ts';
import { inactiveAccountMail } from './inactive-account.ts';
import { notificationMail } from './notification.ts';
import { photoCheckApprovedMail } from './photo-check-approved.ts';
import { photoLookAlikeMail } from './photo-look-alike.ts';
import { photoHoldReleasedMail } from './photo-hold-released.ts';
import { photoHoldRemovedMail } from './photo-hold-removed.ts';
import { photoCheckRejectedMail } from './photo-check-rejected.ts';
import { profileSuspendedMail } from './profile-suspended.ts';
import { recoveryCodeMail } from './recovery-code.ts';
import { recoveryLockedMail } from './recovery-locked.ts';
import { reportHeldMail } from './report-held.ts';
import { reportUrgentMail } from './report-urgent.ts';
import { safetyAlertConfirmedMail } from './safety-alert-confirmed.ts';
import { safetyAlertUrgentMail } from './safety-alert-urgent.ts';
import { attendanceAbsenceMarkedMail } from './attendance-absence-marked.ts';
import { securityNoticeMail } from './security-notice.ts';

/**
 * Every mail the site sends, one file each in this folder. `npm run mail:preview` writes each with
 * its samples; apps/api/test/unit/mail-templates.test.ts renders them all and follows their links.
 * A new mail: add its file and list it here (the test fails for a template file not listed).
 */
import { favoriteVisitMail } from './favorite-visit.ts';
import { savedSearchMail } from './saved-search.ts';

export const mailTemplates: readonly MailTemplate<unknown>[] = [
  notificationMail,
  recoveryCodeMail,
  recoveryLockedMail,
  securityNoticeMail,
  inactiveAccountMail,
  accountApprovedMail,
  documentRejectedMail,
  approvalNoticeMail,
  photoCheckApprovedMail,
  photoLookAlikeMail,
  photoHoldReleasedMail,
  photoHoldRemovedMail,
  photoCheckRejectedMail,
  profileSuspendedMail,
  contactInviteMail,
  checkinReminderMail,
  checkinAlertMail,
  reportUrgentMail,
  reportHeldMail,
  favoriteVisitMail,
  safetyAlertUrgentMail,
  safetyAlertConfirmedMail,
  attendanceAbsenceMarkedMail,
  savedSearchMail,
];
