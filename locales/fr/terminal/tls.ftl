# `--ca-file` (client-cli/src/tls.rs).

# $problem is what reading the file said.
tls-unreadable = --ca-file { $path } : { $problem }
tls-empty = --ca-file { $path } ne contient aucun certificat (PEM, « BEGIN CERTIFICATE »)
tls-twice = --ca-file a été donné deux fois
