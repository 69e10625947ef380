"""Pictures with matplotlib: plans, previews, the key, printable pages."""
