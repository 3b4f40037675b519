export * from './blob-store';
export { FileBlobStore } from './file-blob-store';
