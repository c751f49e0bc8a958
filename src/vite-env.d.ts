/// <reference types="vite/client" />
declare const __APP_BUILD_ID__: string;
