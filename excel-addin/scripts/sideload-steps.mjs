// How to sideload the built add-in by hand: printed by `npm run start:excel`
// where office-addin-debugging cannot sideload (no desktop Excel on this
// system). The URLs come from the built manifest.
import { existsSync, readFileSync } from 'node:fs';
import process from 'node:process';
import { URL, fileURLToPath } from 'node:url';

const manifestPath = fileURLToPath(new URL('../dist/manifest.xml', import.meta.url));
if (!existsSync(manifestPath)) {
  process.stderr.write(
    'excel-addin/dist/manifest.xml is missing: run `npm run build:excel` first.\n',
  );
  process.exit(1);
}
const manifest = readFileSync(manifestPath, 'utf8');
const taskpaneUrl = /id="Taskpane\.Url" DefaultValue="([^"]+)"/.exec(manifest)?.[1] ?? '?';
const addinBase = taskpaneUrl.replace(/taskpane\.html$/, '');

process.stdout
  .write(`Excel add-in built into excel-addin/dist/ (manifest: excel-addin/dist/manifest.xml).

1. Serve it: the service serves excel-addin/dist/ at ${addinBase}
   (\`npm start\`). Excel loads add-ins over HTTPS only: for real use build with
   BASE_URL=https://<your host> (\`BASE_URL=... npm run build:excel\`); locally,
   \`npm run start:excel:https\` serves the running service as https://localhost:3443.
   Check: ${taskpaneUrl} opens in a browser.
2. Sideload the manifest (download it from ${addinBase}manifest.xml or use the file above):
   - Excel on the web: Start > Add-Ins > Weitere Add-Ins > Meine Add-Ins >
     "Mein Add-In hochladen", choose manifest.xml.
   - Excel for Windows: put manifest.xml in a shared network folder, add that folder under
     Datei > Optionen > Trust Center > Einstellungen für das Trust Center >
     Kataloge vertrauenswürdiger Add-Ins, restart Excel, then Start > Add-Ins > Erweitert >
     FREIGEGEBENER ORDNER.
   - Excel for Mac: copy manifest.xml to
     ~/Library/Containers/com.microsoft.Excel/Data/Documents/wef/ and restart Excel.
   - On Windows and macOS \`npm run start:excel\` does this with office-addin-debugging.
3. In Excel: Start > Bodenrichtwert opens the task pane; paste the API key and save.
   Then =BRW.BODENRICHTWERT(A2) and =BRW.BODENWERT(450;1;1,4;600).
`);
