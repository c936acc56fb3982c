// The zip writer lives with the fakes (the zone benchmark writes zips too).
export * from '#dev/fakes/zipFile.js';
