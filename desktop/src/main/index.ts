import { app, ipcMain, Menu, session, shell } from 'electron';
import type { RoleName } from '@school/shared/domain';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { handleAppProtocol, registerAppScheme } from './app-protocol';
import { buildMenuTemplate, createMenuActions } from './app-menu';
import { startAutoUpdate, updateFeedUrl, type UpdaterLike } from './auto-update';
import { IpcEvent } from '../common/ipc-channels';
import {
  electronMessageNotifications,
  sessionCookieHeader,
  showOpenImportDialog,
  showOpenRecordingsDialog,
  showSaveDocumentDialog,
} from './electron-adapters';
import { probeMediaFile } from './ffprobe.service';
import { resolveFfprobePath } from './ffprobe-path';
import { createIpcHandlers } from './ipc-handlers';
import { createMessageNotifications } from './message-notifications.handler';
import { registerIpcHandlers } from './ipc-registry';
import { createFileTokenRegistry } from './recording-files.service';
import { createRecordingsUploadHandlers } from './recordings-upload.handler';
import { pickImportFile } from './import-file.handler';
import { saveDocument } from './save-document.handler';
import { saveTableExport } from './save-table-export.handler';
import { createSavedDocuments, showInFolder } from './show-in-folder.handler';
import {
  APP_ORIGIN,
  buildContentSecurityPolicy,
  installAppGuards,
  installSessionGuards,
  isAllowedUrl,
  originOf,
} from './security-policy';
import { serverInfo, serverUrlOf } from './server-address';
import { createOfflineFileStore } from './offline-store.service';
import { createSettingsStore } from './settings-store';
import { appSectionsFor } from '../common/app-sections';
import { createWindowManager } from './window-manager';
import { appPageOf } from './window-options';

/** Composition root: the only place that wires Electron to the plain modules. */

const here = path.dirname(fileURLToPath(import.meta.url));
const devServerUrl = process.env.ELECTRON_RENDERER_URL;
const isDev = !app.isPackaged && Boolean(devServerUrl);

const devOrigin = devServerUrl ? originOf(devServerUrl) : null;
const allowedOrigins = [APP_ORIGIN, ...(devOrigin ? [devOrigin] : [])];
const preloadPath = path.join(here, '../preload/index.cjs');

registerAppScheme();
// Before ready: sandbox every renderer, and guard every web contents as it is created.
installAppGuards(app, { allowedOrigins, preloadPath, openExternal: (url) => void shell.openExternal(url) });

if (!app.requestSingleInstanceLock()) app.quit();

void app.whenReady().then(() => {
  const settings = createSettingsStore();
  const csp = buildContentSecurityPolicy({ devServerOrigin: devOrigin ?? undefined });
  const getServerUrl = () => serverUrlOf(serverInfo(process.env, settings.read()));

  handleAppProtocol(session.defaultSession, {
    rendererRoot: path.join(here, '../renderer'),
    getServerUrl,
    contentSecurityPolicy: csp,
  });
  installSessionGuards(session.defaultSession, { contentSecurityPolicy: csp, allowedOrigins });

  const startUrl = isDev && devServerUrl ? devServerUrl : `${APP_ORIGIN}/`;
  const windows = createWindowManager({
    preloadPath,
    startUrl,
    getSavedSize: (kind) => settings.read().windowSizes?.[kind],
    saveSize: (kind, size) => settings.setWindowSize(kind, size),
    getSavedBounds: (kind) => settings.read().windowBounds?.[kind],
    saveBounds: (kind, bounds) => settings.setWindowBounds(kind, bounds),
  });
  // The signed-in user's role as the renderer last reported it: the Go menu lists its sections.
  let menuRole: RoleName | null = null;
  const openCurrentPageInNewWindow = () => {
    const page = appPageOf(windows.focused()?.webContents.getURL() ?? '', startUrl);
    if (page) windows.openAppWindow(page.path, page.search);
  };

  // Every window follows a language chosen in the menu or in any window; the menu relabels itself.
  const menuActions = createMenuActions({
    settings,
    openCalendarWindow: (userId) => void windows.openCalendarWindow(userId),
    broadcast: (channel, payload) => windows.broadcast(channel, payload),
    reinstall: () => installMenu(),
  });
  function installMenu(): void {
    const template = buildMenuTemplate({
      platform: process.platform,
      isDev,
      language: settings.read().language ?? 'uk',
      onNewCalendarWindow: menuActions.onNewCalendarWindow,
      onLanguageSelected: menuActions.onLanguageSelected,
      role: menuRole,
      onNavigate: (path) => windows.focused()?.webContents.send(IpcEvent.navigate, { path }),
      onOpenInNewWindow: openCurrentPageInNewWindow,
    });
    Menu.setApplicationMenu(Menu.buildFromTemplate(template));
  }

  const ffprobePath = resolveFfprobePath({
    env: process.env,
    platform: process.platform,
    isPackaged: app.isPackaged,
    resourcesPath: process.resourcesPath,
  });
  const tokens = createFileTokenRegistry();
  const savedDocuments = createSavedDocuments();

  registerIpcHandlers(ipcMain, {
    isTrustedSender: (url) => isAllowedUrl(url, allowedOrigins),
    logError: (channel, error) => console.error(`[ipc ${channel}]`, error),
    handlers: createIpcHandlers({
      appInfo: () => ({ version: app.getVersion(), platform: process.platform }),
      settings,
      onLanguageChanged: menuActions.languageChanged,
      showOpenRecordingsDialog,
      probe: (filePath) => probeMediaFile(filePath, { ffprobePath }),
      tokens,
      uploads: createRecordingsUploadHandlers({
        tokens,
        getServerUrl,
        getCookieHeader: sessionCookieHeader,
        getLanguage: () => settings.read().language,
      }),
      saveDocument: (input, caller) =>
        saveDocument(input, caller, {
          showSaveDialog: showSaveDocumentDialog,
          settings,
          defaultFolder: () => app.getPath('documents'),
          remember: savedDocuments.remember,
        }),
      saveTableExport: (input, caller) =>
        saveTableExport(input, caller, {
          showSaveDialog: showSaveDocumentDialog,
          settings,
          defaultFolder: () => app.getPath('documents'),
          getServerUrl,
          getCookieHeader: sessionCookieHeader,
          remember: savedDocuments.remember,
        }),
      showInFolder: (input) =>
        showInFolder(input, {
          saved: savedDocuments,
          showItemInFolder: (fullPath) => shell.showItemInFolder(fullPath),
        }),
      openCalendarWindow: (userId) => void windows.openCalendarWindow(userId),
      openAppWindow: (pagePath, search) => void windows.openAppWindow(pagePath, search),
      setMenuRole: (role) => {
        if (role !== menuRole) {
          menuRole = role;
          installMenu();
        }
        return appSectionsFor(role).length;
      },
      serverInfo: () => serverInfo(process.env, settings.read()),
      notifyMessage: createMessageNotifications(electronMessageNotifications),
      pickImportFile: (caller) => pickImportFile(caller, { showOpenDialog: showOpenImportDialog }),
      offlineStore: createOfflineFileStore(path.join(app.getPath('userData'), 'offline-store')),
    }),
  });
  installMenu();
  windows.openMainWindow();

  void startAutoUpdate({
    feedUrl: updateFeedUrl({ isPackaged: app.isPackaged, env: process.env, settings: settings.read() }),
    // Imported only when a feed is configured: dev runs and tests never load it.
    loadUpdater: async () => {
      const updater = await import('electron-updater');
      return (updater.default?.autoUpdater ?? updater.autoUpdater) as unknown as UpdaterLike;
    },
    log: (message, error) => console.error(`[auto-update] ${message}`, error ?? ''),
  });

  app.on('second-instance', () => windows.focusOrOpen());
  app.on('activate', () => windows.focusOrOpen());
});

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit();
});
