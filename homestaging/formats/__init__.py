"""The files: safe reading, atomic writing, schemas, each format's reader and writer."""
