import { ChangePasswordForm } from '../../../components/change-password-form.tsx';
import { DashboardPage } from '../../../components/dashboard/dashboard-page.tsx';
import { MyDataSection } from '../../../components/my-data/my-data-section.tsx';
import { NotificationSettings } from '../../../components/notifications/notification-settings.tsx';
import { PushSettings } from '../../../components/notifications/push-settings.tsx';
import { VisitCitySetting } from '../../../components/notifications/visit-city-setting.tsx';
import { AlertsSection } from '../../../components/safety/alerts-section.tsx';
import { SecuritySection } from '../../../components/security/security-section.tsx';

/**
 * /panel/cuenta and /mi-cuenta/cuenta: password, notifications, sessions and
 * data rights, the same blocks for both kinds of account.
 */
export default function AccountPage() {
  return (
    <DashboardPage title="Cuenta" className="profile-main">
      <div id="cambiar-contrasena" tabIndex={-1} className="profile-slot">
        <ChangePasswordForm />
      </div>
      <NotificationSettings />
      <PushSettings />
      <VisitCitySetting />
      <SecuritySection />
      <AlertsSection />
      <MyDataSection />
    </DashboardPage>
  );
}
