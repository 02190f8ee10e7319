import { lazy } from 'react';
import { Route } from 'react-router';

// Each screen loads on demand.
const MyMeetingsPage = lazy(() => import('./pages/my-meetings-page.tsx'));
const RequestsPage = lazy(() => import('./pages/requests-page.tsx'));
const MeetingPage = lazy(() => import('./pages/meeting-page.tsx'));
const UnsubscribePage = lazy(() => import('./pages/unsubscribe-page.tsx'));

/**
 * Meetings as each side sees them ("Mis citas", "Solicitudes", one meeting with
 * its conversation) and the mail's unsubscribe page; standalone routes, placed
 * inside the main layout by app.tsx.
 */
export const meetingRoutes = (
  <>
    <Route path="MisCitas" element={<MyMeetingsPage />} />
    <Route path="Solicitudes" element={<RequestsPage />} />
    <Route path="Cita/:id" element={<MeetingPage />} />
    <Route path="notificaciones/baja" element={<UnsubscribePage />} />
  </>
);
