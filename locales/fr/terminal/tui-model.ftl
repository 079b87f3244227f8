# The full-screen interface's notices, on the line at the bottom
# (client-cli/src/tui/model.rs): cues, explanations, what a key did.
# $key, $yes, $no are the keys to press, as they are.

tui-notice-back-commit-sent = Reconnecté : votre coup de la manche { $round } est envoyé
tui-notice-replaced = Votre place est jouée depuis une autre connexion : { $key } pour quitter
# $reason is the server's refusal, in a sentence.
tui-notice-commit-not-played = La manche { $round } s’est terminée pendant la coupure : votre coup n’a pas été joué ({ $reason })
# Shown in the game's result while its record is checked.
tui-notice-checking-fair = Vérification de l’équité de la partie…
tui-notice-your-move = À vous de jouer — manche { $round }
# One more missed deadline forfeits the game; $missed is how many were missed in a row.
tui-notice-your-move-last-chance = À vous de jouer — manche { $round }. Vous avez dépassé le délai { $missed ->
        [one] { $missed } fois
       *[other] { $missed } fois de suite
    } : encore une fois et vous perdez par forfait
tui-notice-opponent-left = Votre adversaire est parti : la prochaine partie commence quand un autre joueur arrive ({ $key } pour quitter)
tui-notice-commit-waiting = Votre coup attend déjà le retour de la connexion
tui-notice-sealed-and-sent = Votre coup est scellé et envoyé : il attend que le serveur le prenne
tui-seek-starting-bot-game = Lancement d’une partie contre le bot du serveur…
tui-notice-still-looking = Toujours à la recherche d’une personne ({ $key } pour arrêter)
tui-notice-chat-muted = Discussion coupée ({ $key } pour la rétablir)
tui-notice-chat-back = Discussion rétablie
tui-notice-spectators-chat-shown = La discussion des spectateurs s’affiche aussi ({ $key } pour la masquer)
tui-notice-spectators-chat-hidden = Discussion des spectateurs masquée
tui-notice-leave = Quitter la partie ? Vous perdez par forfait. { $yes }/{ $no } (fermer le terminal garde votre place)
tui-notice-all-mice-placed = { $available ->
        [one] { $available } souris disponible est placée
       *[other] les { $available } souris disponibles sont placées
    } ; retirez-en une d’une autre colonne d’abord
tui-notice-target-where = une cible se choisit dans la colonne du double blanc
tui-notice-sealed-already = Votre coup de cette manche est déjà scellé : il est renvoyé, inchangé
tui-notice-commit-held = Reconnexion… votre coup sera envoyé dès le retour de la connexion, si la manche { $round } est encore ouverte
# $column is a column's letter (A to D).
tui-notice-nothing-to-steal = la colonne { $column } est le double blanc, et votre adversaire n’a encore rien à voler
tui-notice-no-piece-left = la colonne { $column } n’a plus de pièce

## Why the move cannot be committed yet ($placed, $available: mice; $mice: a family's mice; $piece: like 3/5)

tui-not-yet-game-over = Pas encore : la partie est terminée
tui-not-yet-too-many-mice = Pas encore : { $placed } souris placées, mais une famille n’en a que { $mice }
tui-not-yet-resting-mice = Pas encore : { $placed } souris placées, mais seules { $available } sont disponibles : les autres se reposent
tui-not-yet-mice-left = Pas encore : { $placed } souris placées sur { $available } disponibles : chaque souris disponible doit être placée
tui-not-yet-empty-column = Pas encore : la colonne { $column } n’a plus de pièce
tui-not-yet-nothing-to-steal = Pas encore : la colonne { $column } offre le double blanc, mais l’adversaire n’a encore rien à voler
tui-not-yet-no-target = Pas encore : les souris sur le double blanc de la colonne { $column } doivent désigner une pièce de l’adversaire à voler
tui-not-yet-target-not-held = Pas encore : la réserve de l’adversaire ne contient pas { $piece }
tui-not-yet-target-without-steal = Pas encore : { $piece } ne peut être volée que par des souris sur le double blanc, et aucune n’y est placée
tui-challenge-waiting = En attente de la réponse — { $key } retire le défi
