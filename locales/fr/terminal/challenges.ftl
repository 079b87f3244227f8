# Les défis (client-cli/src/challenges.rs) : un joueur en invite un autre,
# désigné par sa clé, à jouer une salle aux options données ; l’autre accepte,
# refuse ou laisse expirer. Les identifiants de défi (K7M2QX9PHT), les clés,
# les noms, les codes de salle et les commandes (mice-cake accept ID) ne se
# traduisent jamais.

## Qui un nom désigne

challenges-nobody-named = personne ne s’appelle { $name } sur ce serveur : défiez un joueur par le nom qu’il y porte, ou par sa clé (64 chiffres hexadécimaux)
challenges-several-named = { $count } joueurs s’appellent { $name } sur ce serveur : défiez-en un par sa clé ({ $keys })

## Répondre à un défi

challenges-none-waiting = aucun défi n’attend votre réponse (mice-cake challenges les liste)
challenges-not-waiting = aucun défi { $id } n’attend votre réponse (mice-cake challenges les liste)
challenges-accepted = défi { $id } accepté : direction la salle { $code }
challenges-ended =
    défi { $id } { $end ->
        [declined] refusé
        [cancelled] retiré par son auteur
       *[expired] expiré : personne n’y a répondu à temps
    }
challenges-declined-from = { $words } (de { $player })

## Un défi en mots

challenges-player = { $name }{ $badge } ({ $key }…)
challenges-player-unnamed = un joueur encore sans nom ({ $key }…)
challenges-options =
    { $variant }, { $deadline ->
        [none] sans délai
        [default] le temps par manche du serveur
       *[some] { $time } par manche
    }, { $kind ->
        [rated] classée
       *[casual] amicale
    }{ $first_to ->
        [1] {""}
       *[other] , un match en { $first_to } victoires
    }{ $stall ->
        [standard] {""}
       *[other] , limite d’impasse { $stall_limit }
    }
challenges-sent = défi { $id } envoyé à { $player } : { $options } ; la réponse est attendue pendant { $left }
challenges-link = son lien : { $link }
challenges-challenged = { $player } vous défie : { $options } (expire dans { $left }) ; pour accepter : mice-cake accept { $id }
challenges-from =
    { $from ->
        [everyone] vous recevez les défis de tout le monde
        [played] vous ne recevez les défis que des joueurs que vous avez affrontés
       *[nobody] vous ne recevez de défi de personne
    }

## La liste (mice-cake challenges)

challenges-none-for-you = aucun défi n’attend votre réponse
challenges-for-you =
    { $count ->
        [one] un défi attend votre réponse (mice-cake accept ID, ou decline ID) :
       *[other] { $count } défis attendent votre réponse (mice-cake accept ID, ou decline ID) :
    }
challenges-from-line = {"  "}{ $id }  de { $player } : { $options } ; expire dans { $left }
challenges-none-sent = aucun des défis que vous avez envoyés n’attend de réponse
challenges-by-you =
    { $count ->
        [one] un défi que vous avez envoyé attend sa réponse :
       *[other] { $count } défis que vous avez envoyés attendent leur réponse :
    }
challenges-to-line = {"  "}{ $id }  à { $player } : { $options } ; expire dans { $left }
