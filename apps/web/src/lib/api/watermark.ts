import type { Watermark } from '@encanto/core/watermark';
import { api } from '../api-client.ts';
import { useApiQuery } from '../query.ts';

// Her watermark (decision 0178): the site's name and her nickname on her public pictures.

export const watermarkPath = '/cuenta/marca-agua';
export const useWatermark = (enabled: boolean) =>
  useApiQuery<Watermark>(enabled ? watermarkPath : null, { staleTime: 0 });
export const saveWatermark = (body: Watermark) =>
  api<Watermark & { mensaje: string }>(watermarkPath, { method: 'PUT', body });
