import type { LocalImageService } from 'astro';
import sharpService, { type SharpImageServiceConfig } from 'astro/assets/services/sharp';
import sharp from 'sharp';

/**
 * sharp's AVIF effort 2 instead of its default 4: a seventh of the CPU time for 5 % more bytes. A
 * quick build (`pnpm start` with no build yet, decision 0087) takes effort 0: a quarter of that
 * time again, for a third more bytes.
 */
const AVIF_EFFORT = process.env.SITE_QUICK_IMAGES === '1' ? 0 : 2;

/**
 * Astro's sharp service with a cheaper AVIF encoder (decision 0058): the portal pictures are sixty
 * AVIF files per build, and at sharp's default effort they were most of the build's time. Astro
 * resizes as before, losslessly to PNG, and the AVIF is then encoded from that.
 */
const service: LocalImageService<SharpImageServiceConfig> = {
  ...sharpService,
  async transform(input, options, config, logger) {
    if (options.format !== 'avif') return sharpService.transform(input, options, config, logger);
    const resized = await sharpService.transform(input, { ...options, format: 'png' }, config, logger);
    const quality = typeof options.quality === 'number' ? options.quality : undefined;
    const data = await sharp(resized.data).avif({ quality, effort: AVIF_EFFORT }).toBuffer();
    return { data, format: 'avif' };
  },
};

export default service;
