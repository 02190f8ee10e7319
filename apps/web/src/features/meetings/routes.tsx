import { lazy } from 'react';
import { Route } from 'react-router';
import { pages } from '../../config/paths.ts';

// Each screen loads on demand.
/** "Mis citas" and "Solicitudes": sections of the client's and the escort's areas (app.tsx places them). */
export const meetingPages = {
  MyMeetings: lazy(() => import('./pages/my-meetings-page.tsx')),
  Requests: lazy(() => import('./pages/requests-page.tsx')),
};
const MeetingPage = lazy(() => import('./pages/meeting-page.tsx'));
const UnsubscribePage = lazy(() => import('./pages/unsubscribe-page.tsx'));

/**
 * One meeting with its conversation and the mail's unsubscribe page; standalone routes, placed
 * inside the main layout by app.tsx.
 */
export const meetingRoutes = (
  <>
    <Route path={pages.meeting.pattern} element={<MeetingPage />} />
    <Route path={pages.unsubscribe.pattern} element={<UnsubscribePage />} />
  </>
);
