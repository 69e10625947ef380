"""The command line (click): the root group, the shared options and the commands."""
