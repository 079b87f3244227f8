# `--ca-file` (client-cli/src/tls.rs): a CA's certificates to trust.
# --ca-file, PEM and BEGIN CERTIFICATE are never translated.

# $problem is what reading the file said.
tls-unreadable = --ca-file { $path }: { $problem }
tls-empty = --ca-file { $path } holds no certificate (PEM, "BEGIN CERTIFICATE")
tls-twice = --ca-file was given twice
