# `--ca-file` (client-cli/src/tls.rs).

# $problem is what reading the file said.
tls-unreadable = --ca-file { $path }: { $problem }
tls-empty = --ca-file { $path } no contiene ningún certificado (PEM, «BEGIN CERTIFICATE»)
tls-twice = --ca-file se dio dos veces
