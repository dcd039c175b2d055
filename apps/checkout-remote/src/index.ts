// A remote is used through remoteEntry.js ('./routes'); this entry only gives webpack a root.
export {};
