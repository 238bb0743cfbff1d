const files = process.argv.slice(2);
for (const f of files) { await import(f); }
console.log('imported', files.length);
