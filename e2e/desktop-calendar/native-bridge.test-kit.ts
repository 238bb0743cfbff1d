import { rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { BrowserContext, Page } from 'playwright-core';
import type { RoleName } from '@school/shared/domain';
import { appSectionsFor } from '@school/desktop/src/common/app-sections';
import { IpcEvent } from '@school/desktop/src/common/ipc-channels';
import type { IpcResult } from '@school/desktop/src/common/ipc-result';
import { buildMenuTemplate, createMenuActions } from '@school/desktop/src/main/app-menu';
import { probeMediaFile } from '@school/desktop/src/main/ffprobe.service';
import { resolveFfprobePath } from '@school/desktop/src/main/ffprobe-path';
import { createIpcHandlers } from '@school/desktop/src/main/ipc-handlers';
import { dispatchIpcCall, type IpcRegistryOptions } from '@school/desktop/src/main/ipc-registry';
import { createFileTokenRegistry } from '@school/desktop/src/main/recording-files.service';
import { createRecordingsUploadHandlers } from '@school/desktop/src/main/recordings-upload.handler';
import { pickImportFile } from '@school/desktop/src/main/import-file.handler';
import { saveDocument } from '@school/desktop/src/main/save-document.handler';
import { saveTableExport } from '@school/desktop/src/main/save-table-export.handler';
import { createSavedDocuments, showInFolder } from '@school/desktop/src/main/show-in-folder.handler';
import { createMessageNotifications } from '@school/desktop/src/main/message-notifications.handler';
import { createOfflineFileStore } from '@school/desktop/src/main/offline-store.service';
import { isAllowedUrl } from '@school/desktop/src/main/security-policy';
import { serverInfo } from '@school/desktop/src/main/server-address';
import {
  createMemorySettingsBackend,
  createSettingsService,
  type SettingsService,
} from '@school/desktop/src/main/settings.service';

/**
 * The desktop app's native side for the renderer in Chromium (ARCHITECTURE §8: "the renderer is
 * tested in Chromium with Playwright, with the bridge exposed from the same handlers"): the real
 * preload, bundled with a transport shim for `electron`, talks through a Playwright binding to the
 * real main-process handlers, sender check and zod validation included. Only Electron's own
 * windows and OS dialogs are stood in for: a calendar window is a new page, a dialog answers what the
 * test put in `dialogs`.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const PRELOAD = path.resolve(here, '../../desktop/src/preload/index.ts');
const SHIM = path.resolve(here, 'electron-shim.test-kit.ts');

/** The offline stores of this test process's shimmed contexts, removed when the process ends. */
const OFFLINE_ROOT = path.join(os.tmpdir(), `school-e2e-offline-${process.pid}`);
process.once('exit', () => rmSync(OFFLINE_ROOT, { recursive: true, force: true }));
let offlineFolders = 0;

/** A folder of the offline store per shimmed context (main keeps it in the user data folder). */
function offlineFolder(): string {
  offlineFolders += 1;
  return path.join(OFFLINE_ROOT, String(offlineFolders));
}

export interface NativeHarness {
  settings: SettingsService;
  /** Pages opened as windows (calendar windows, "open in new window"), in order. */
  windows: Page[];
  /** What the next native dialogs answer (null = cancelled). */
  dialogs: { open: string[]; save: string | null };
  /** The file names main's save dialogs proposed (the default name, without the folder). */
  saveRequests: string[];
  /** Full paths main revealed with "Show in folder". */
  shownInFolder: string[];
  /** Errors main logged (unexpected handler failures). */
  logged: unknown[];
  /** Native notifications main showed (notifications:message), with the page that asked; click() as the OS would. */
  notifications: { title: string; body: string; page: Page; click(): void }[];
  /** Every dock/taskbar badge count main set, in order. */
  badgeCounts: number[];
  /** The application menu as main builds it, wired like index.ts. */
  menu(): ReturnType<typeof buildMenuTemplate>;
}

let preloadScript: Promise<string> | undefined;

/** desktop/src/preload/index.ts for the browser, `electron` replaced by the shim. */
function bundlePreload(): Promise<string> {
  preloadScript ??= build({
    entryPoints: [PRELOAD],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    alias: { electron: SHIM },
    logLevel: 'silent',
  }).then((result) => result.outputFiles[0].text);
  return preloadScript;
}

/** Bytes main answers with (a picked spreadsheet) cross the binding as base64, like the page's. */
function encode(value: unknown): unknown {
  if (value instanceof Uint8Array) return { __bytes: Buffer.from(value).toString('base64') };
  if (Array.isArray(value)) return value.map(encode);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, encode(v)]));
  return value;
}

function decode(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(decode);
  if (value && typeof value === 'object') {
    if ('__bytes' in value)
      return new Uint8Array(Buffer.from(String((value as { __bytes: string }).__bytes), 'base64'));
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, decode(v)]));
  }
  return value;
}

async function emit(page: Page, channel: string, payload: unknown): Promise<void> {
  if (page.isClosed()) return;
  await page
    .evaluate(
      ([c, p]) =>
        (window as unknown as { __schoolIpcEmit?: (c: string, p: unknown) => void }).__schoolIpcEmit?.(c, p),
      [channel, payload] as const,
    )
    .catch(() => undefined);
}

/**
 * Gives every page of the context the desktop bridge. `appUrl` is where the renderer lives (…/staff/);
 * frames of `trustedOrigin` only may call main, like app://staff in the app.
 */
export async function installNativeBridge(
  context: BrowserContext,
  options: {
    appUrl: string;
    trustedOrigin: string;
    /**
     * A fresh installation: main's own rule with no SCHOOL_SERVER_URL, so the address comes from
     * the stored settings (none yet: the first-run screen). Default: as a deployed app with the
     * address set by SCHOOL_SERVER_URL.
     */
    firstRun?: boolean;
  },
): Promise<NativeHarness> {
  const settings = createSettingsService(createMemorySettingsBackend());
  const tokens = createFileTokenRegistry();
  const ffprobePath = resolveFfprobePath({ env: process.env, platform: process.platform, isPackaged: false });
  const windows: Page[] = [];
  const logged: unknown[] = [];
  const dialogs: NativeHarness['dialogs'] = { open: [], save: null };
  const savedDocuments = createSavedDocuments();
  const shownInFolder: string[] = [];
  const saveRequests: string[] = [];
  let menuRole: RoleName | null = null;
  const notifications: NativeHarness['notifications'] = [];
  const badgeCounts: number[] = [];
  // The page of the call being dispatched: which window asked for a notification.
  let callingPage: Page | null = null;

  const broadcast = (channel: string, payload: unknown) => {
    for (const page of context.pages()) void emit(page, channel, payload);
  };
  const openCalendarWindow = (userId: number | null) => {
    const url = new URL(options.appUrl);
    if (userId !== null) url.searchParams.set('user', String(userId));
    url.searchParams.set('window', 'calendar');
    void context.newPage().then(async (page) => {
      windows.push(page);
      await page.goto(url.toString());
    });
  };
  const menuActions = createMenuActions({
    settings,
    openCalendarWindow,
    broadcast,
    reinstall: () => undefined,
  });

  const registry: IpcRegistryOptions = {
    isTrustedSender: (url) => isAllowedUrl(url, [options.trustedOrigin]),
    logError: (_channel, error) => logged.push(error),
    handlers: createIpcHandlers({
      appInfo: () => ({ version: 'e2e', platform: process.platform }),
      settings,
      onLanguageChanged: menuActions.languageChanged,
      showOpenRecordingsDialog: async () => dialogs.open,
      probe: (filePath) => probeMediaFile(filePath, { ffprobePath }),
      tokens,
      uploads: createRecordingsUploadHandlers({
        tokens,
        getServerUrl: () => options.trustedOrigin,
        getCookieHeader: async (_caller, url) => {
          const cookies = await context.cookies(url);
          return cookies.length ? cookies.map((c) => `${c.name}=${c.value}`).join('; ') : undefined;
        },
        getLanguage: () => settings.read().language,
      }),
      saveDocument: (input, caller) =>
        saveDocument(input, caller, {
          showSaveDialog: async (request) => (
            saveRequests.push(path.basename(request.defaultPath)),
            dialogs.save
          ),
          settings,
          defaultFolder: () => os.tmpdir(),
          remember: savedDocuments.remember,
        }),
      saveTableExport: (input, caller) =>
        saveTableExport(input, caller, {
          showSaveDialog: async (request) => (
            saveRequests.push(path.basename(request.defaultPath)),
            dialogs.save
          ),
          settings,
          defaultFolder: () => os.tmpdir(),
          getServerUrl: () => options.trustedOrigin,
          getCookieHeader: async (_caller, url) => {
            const cookies = await context.cookies(url);
            return cookies.length ? cookies.map((c) => `${c.name}=${c.value}`).join('; ') : undefined;
          },
          remember: savedDocuments.remember,
        }),
      showInFolder: (input) =>
        showInFolder(input, {
          saved: savedDocuments,
          showItemInFolder: (fullPath) => shownInFolder.push(fullPath),
        }),
      openCalendarWindow,
      openAppWindow: (pagePath, search) => {
        const url = new URL(pagePath.replace(/^\//, ''), options.appUrl);
        url.search = search ?? '';
        void context.newPage().then(async (page) => {
          windows.push(page);
          await page.goto(url.toString());
        });
      },
      setMenuRole: (role) => {
        menuRole = role;
        return appSectionsFor(role).length;
      },
      // Served by the test server, as SCHOOL_SERVER_URL does in a deployed app: no first-run screen.
      serverInfo: () =>
        options.firstRun
          ? serverInfo({}, settings.read())
          : { serverUrl: options.trustedOrigin, source: 'env' },
      // Electron's Notification and app.setBadgeCount stood in for; the click does what index.ts does.
      notifyMessage: createMessageNotifications({
        supported: () => true,
        show: ({ title, body, onClick }) => {
          if (callingPage) notifications.push({ title, body, page: callingPage, click: onClick });
        },
        setBadgeCount: (count) => badgeCounts.push(count),
        openStudy: (caller, studyId) =>
          caller.send(IpcEvent.navigate, { path: '/', search: `?study=${studyId}` }),
      }),
      pickImportFile: (caller) =>
        pickImportFile(caller, { showOpenDialog: async () => dialogs.open[0] ?? null }),
      // The offline store's files, as main keeps them in the user data folder (one per context).
      offlineStore: createOfflineFileStore(offlineFolder()),
    }),
  };

  await context.exposeBinding(
    '__schoolIpcInvoke',
    async (source, channel: string, input: unknown): Promise<unknown> => {
      callingPage = source.page;
      const result: IpcResult<unknown> = await dispatchIpcCall(
        registry,
        channel,
        {
          senderFrame: { url: source.frame.url() },
          sender: {
            send: (c, payload) => void emit(source.page, c, payload),
            isDestroyed: () => source.page.isClosed(),
          },
        },
        decode(input),
      );
      return encode(result);
    },
  );
  await context.addInitScript({ content: await bundlePreload() });

  return {
    settings,
    windows,
    dialogs,
    shownInFolder,
    saveRequests,
    logged,
    notifications,
    badgeCounts,
    menu: () =>
      buildMenuTemplate({
        platform: 'linux',
        isDev: false,
        language: settings.read().language ?? 'uk',
        onNewCalendarWindow: menuActions.onNewCalendarWindow,
        onLanguageSelected: menuActions.onLanguageSelected,
        role: menuRole,
        onNavigate: (pagePath) => broadcast(IpcEvent.navigate, { path: pagePath }),
      }),
  };
}
