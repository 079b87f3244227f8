# A finished game's record (client-cli/src/replay.rs).

## Reading a record

# $source is a file or an address; $error what the system said.
replay-cannot-read = impossible de lire { $source } : { $error }
replay-cannot-fetch = impossible de télécharger { $url } : { $error }
# The server's refusal ($refusal), and the address it refused.
replay-refused = { $refusal } ({ $url })
# $status is an HTTP status, like 502 Bad Gateway.
replay-answered = { $url } a répondu { $status }
replay-not-a-record = ce n’est pas le relevé d’une partie : { $error }
replay-does-not-replay = le relevé ne se rejoue pas : { $error }
# A game that ended at its deal has nothing to replay; the command is never translated.
replay-ended-at-deal = la partie { $id } s’est terminée à sa donne : rien n’a été distribué, il n’y a donc rien à revoir ; `mice-cake verify { $id }` vérifie sa donne
# As replay-ended-at-deal, with the seat that never opened its nonce.
replay-ended-at-deal-unopened = la partie { $id } s’est terminée à sa donne ({ $seat } a scellé un nonce sans jamais l’ouvrir) : rien n’a été distribué, il n’y a donc rien à revoir ; `mice-cake verify { $id }` vérifie sa donne
replay-ended-at-deal-unopened-both = la partie { $id } s’est terminée à sa donne (Jaune et Bleu ont scellé un nonce sans jamais l’ouvrir) : rien n’a été distribué, il n’y a donc rien à revoir ; `mice-cake verify { $id }` vérifie sa donne

## The game as text

# Who played which seat.
replay-players = Jaune : { $yellow }   Bleu : { $blue }
replay-no-seed = (pas de graine dans le relevé : ses dés n’ont pas pu être vérifiés)
replay-stops-early = Le relevé s’arrête avant la fin de la partie.
