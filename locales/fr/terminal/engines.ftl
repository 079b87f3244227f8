# An outside engine run by `mice-cake bot --engine "CMD"`, and a built-in
# policy run as one (`mice-cake engine`): client-cli/src/engine_link.rs and
# engine_command.rs. Lines for whoever runs the bot, on standard error.
# $engine is the engine's name; $line an engine's line quoted back.

engine-bad-command = { $command } n’est pas une ligne de commande qui puisse lancer un moteur
engine-cannot-start = le moteur { $command } ne peut pas être lancé : { $error }
engine-no-handshake = le moteur { $engine } ne s’est pas nommé dans les { $seconds } s suivant son lancement
engine-wrong-protocol = le moteur { $engine } parle le protocole des moteurs { $theirs } ; ce client parle le { $ours }
engine-bad-handshake = le moteur { $engine } a répondu à la poignée de main par { $line }, pas par son nom (docs/engines.md)
# Why an engine's answer was replaced (each fills $why below).
engine-late = aucun coup en { $seconds } s
engine-illegal = { $assignment } n’est pas permis cette manche : { $why }
engine-not-a-move = { $line } n’est pas un coup : { $error }
engine-wrong-round = { $line } n’est pas pour la manche { $round }
engine-unreadable = { $line } est illisible : { $error }
engine-replaced = { $engine }, manche { $round } : { $why } ; le coup de l’échéance { $played } est joué à sa place
engine-second-handshake = une deuxième poignée de main, pas un coup
engine-no-pipes = son entrée et sa sortie standard n’ont pas pu être ouvertes
engine-output-closed = sa sortie s’est fermée
engine-gone = le moteur { $engine } est parti ({ $how }) : la partie est quittée
engine-gave-up = le moteur { $engine } ne peut pas continuer : { $message }
engine-stale = { $engine } a répondu pour une manche déjà jouée : { $line } (ignoré)
# `mice-cake engine`, told that its move was replaced.
engine-told-refused = manche { $round } : le coup n’a pas été joué : { $message }
engine-cannot-read = une ligne hors du protocole des moteurs : { $error }
# `mice-cake engine-match`: $a and $b are the engines' names; games from seed $first to $last.
engine-match-games = { $games } parties entre { $a } et { $b } (graines { $first } à { $last }), { $rounds } manches par partie
# $low and $high bound the win rate, 95 % of the time; $replaced answers were late, unreadable or illegal.
engine-match-wins = { $engine } : { $wins } victoires ({ $percent } %, intervalle à 95 % { $low }–{ $high } %), { $replaced } réponses remplacées
