import type { AdminAttendanceDispute, AttendanceResult, AttendanceSettle } from '@encanto/core/attendance';
import { api } from '../api-client.ts';
import { useApiQuery } from '../query.ts';

// The attendance record both ways (decision 0173): each side marks, the absent side contests, the
// administration settles.

export const markAttendance = (meetingId: string, resultado: AttendanceResult) =>
  api<{ mensaje: string }>(`/citas/${encodeURIComponent(meetingId)}/asistencia`, {
    method: 'POST',
    body: { resultado },
  });

export const disputeAbsence = (meetingId: string, texto?: string) =>
  api<{ mensaje: string }>(`/citas/${encodeURIComponent(meetingId)}/asistencia/disputa`, {
    method: 'POST',
    body: texto ? { texto } : {},
  });

export const adminAttendancePath = '/admin/asistencia/disputas';
export const useAttendanceDisputes = () =>
  useApiQuery<AdminAttendanceDispute[]>(adminAttendancePath, { staleTime: 0 });
export const settleDispute = (id: string, body: AttendanceSettle) =>
  api<{ mensaje: string }>(`/admin/asistencia/disputas/${encodeURIComponent(id)}/resolver`, {
    method: 'POST',
    body,
  });
