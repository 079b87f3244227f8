# Les refus du serveur, par leur code (`refusal-<code>`), dits au joueur.
# Arguments : ceux du refus (`args`) ; un serveur plus ancien n’en donne
# aucun, et chaque message se lit bien sans (la branche [other]).

refusal-version_mismatch = { $reason ->
    [client_older] Ce client est plus ancien que le serveur (protocole { $client }, le serveur parle le { $server }) : mettez-le à jour.
    [server_older] Ce serveur est plus ancien que le client (protocole { $server }, le client parle le { $client }) : utilisez un client de sa version, ou demandez à son administrateur de le mettre à jour.
   *[other] Le client et le serveur ne parlent pas la même version du protocole.
}
refusal-hello_required = Le client doit d’abord dire bonjour.
refusal-already_greeted = Le client a dit bonjour deux fois.
refusal-bad_message = Le serveur n’a pas pu lire un message de ce client.
refusal-unknown_message = Le serveur ne connaît pas un message envoyé par ce client.
refusal-frame_too_large = { $reason ->
    [limit] Un message était trop long pour le serveur ({ $limit } octets au plus).
   *[other] Un message était trop long pour le serveur.
}
refusal-binary_not_supported = Le serveur n’accepte que des messages texte.
refusal-rate_limited = { $reason ->
    [challenges] Trop de défis lancés ces derniers temps. Attendez une minute.
    [chat] Doucement : { $limit } message de discussion par seconde au plus. Celui-ci n’a pas été envoyé.
    [spectator_chat] La discussion des spectateurs est saturée : { $limit } messages par seconde au plus. Celui-ci n’a pas été envoyé.
    [messages] Trop de messages à la fois : { $limit } par seconde au plus. Celui-ci a été ignoré.
   *[other] Trop de messages à la fois. Patientez un instant.
}
refusal-bad_name = { $reason ->
    [empty] Un nom ne peut pas être vide.
    [too_long] Un nom compte { $most } caractères au plus, pas { $chars }.
    [invisible] Un nom ne peut pas contenir { $character } : les caractères invisibles, de contrôle et de sens d’écriture sont refusés.
    [leading_mark] Un nom ne peut pas commencer par un diacritique combinant ({ $character }).
    [too_many_marks] Un nom ne peut pas empiler plus de { $most } diacritiques combinants sur un caractère.
   *[other] Ce nom n’est pas accepté.
}
refusal-bad_options = { $reason ->
    [first_to] Un match se joue en { $max } victoires au plus.
   *[other] Ces options de partie ne sont pas acceptées.
}
refusal-unknown_room = { $reason ->
    [named] Aucune salle n’a le code { $room }.
   *[other] Aucune salle n’a ce code.
}
refusal-unknown_game = { $reason ->
    [named] Aucune partie terminée n’a l’identifiant { $game }.
   *[other] Aucune partie terminée n’a cet identifiant.
}
refusal-room_full = Les deux places de cette salle sont prises.
refusal-spectators_full = Cette salle a autant de spectateurs qu’elle peut en accueillir.
refusal-too_many_rooms = Le serveur tient autant de salles qu’il le peut. Réessayez plus tard.
refusal-too_many_connections = { $reason ->
    [pushed_out] Le serveur est plein, et cette connexion, sans partie en cours, a cédé sa place à une autre. Réessayez plus tard.
   *[other] Le serveur est plein. Réessayez plus tard.
}
refusal-already_in_room = Vous êtes déjà dans une salle.
refusal-not_in_room = Vous n’êtes dans aucune salle.
refusal-bad_token = Le jeton de cette place n’est pas valide.
refusal-spectator_cannot_act = Les spectateurs ne peuvent pas jouer.
refusal-wrong_phase = { $reason ->
    [no_move_expected] Aucun coup n’est attendu maintenant.
    [round_over] { $round ->
        [0] La donne est terminée ; c’est la manche { $current }.
       *[other] La manche { $round } est terminée ; c’est la manche { $current }.
    }
    [round_not_started] { $current ->
        [0] La manche { $round } n’a pas commencé ; c’est la donne.
       *[other] La manche { $round } n’a pas commencé ; c’est la manche { $current }.
    }
    [opening_before_both_sealed] Les coups s’ouvrent une fois les deux scellés : attendez le sceau de votre adversaire.
    [arena_rematch] Les parties d’une arène n’ont pas de revanche : l’arène vous apparie de nouveau.
    [rematch_too_soon] Une revanche se demande une fois la partie terminée, avec les deux joueurs dans la salle.
    [opponent_left] La partie { $game } est terminée et votre adversaire a quitté la salle ; la prochaine partie commence quand un autre joueur arrive.
    [not_started] La partie n’a pas commencé : la salle attend un second joueur.
    [game_over] La partie est terminée ; demandez une revanche pour rejouer.
   *[other] Ce n’est pas possible à ce moment de la partie.
}
refusal-already_committed = { $reason ->
    [moved_for_you] Le délai est passé : le serveur a joué pour vous cette manche.
    [opened] Votre coup est déjà ouvert cette manche.
   *[other] Votre coup est déjà scellé cette manche.
}
refusal-bad_opening = Ce coup et son nonce ne correspondent pas à votre sceau. Ouvrez le coup que vous avez scellé, sinon vous perdez par forfait à la fin du temps d’ouverture.
refusal-illegal_assignment = { $reason ->
    [game_over] La partie est terminée.
    [too_many_mice] { $placed } souris placées, mais une famille n’en compte que 4.
    [resting_mice_used] { $placed } souris placées, mais seulement { $available } sont disponibles : les autres sont au repos.
    [mice_left_unplaced] { $placed } souris placées sur { $available } disponibles : chaque souris disponible doit être placée.
    [empty_column] La colonne { $column } n’a plus de pièce.
    [opponent_stash_empty] La colonne { $column } offre le double blanc, mais votre adversaire n’a encore rien à voler.
    [steal_without_target] Les souris sur le double blanc de la colonne { $column } doivent nommer une pièce de votre adversaire à voler.
    [target_not_in_opponent_stash] La réserve de votre adversaire ne contient pas { $piece }.
    [steal_target_without_steal] { $piece } ne peut être volée que par des souris sur le double blanc, et aucune n’y est placée.
   *[other] Ce coup enfreint une règle.
}
refusal-shutting_down = Le serveur s’arrête.
refusal-internal = Un problème est survenu sur le serveur ; rien n’a été changé.
refusal-invalid_utf8 = Un message n’était pas un texte valide.
refusal-not_found = Il n’y a rien à cette adresse.
refusal-method_not_allowed = Cette adresse n’accepte pas cette requête.
refusal-upgrade_required = Cette adresse est réservée aux connexions WebSocket.
refusal-bad_chat = { $reason ->
    [empty] Un message de discussion a besoin d’un texte.
    [too_long] Un message de discussion compte { $most } caractères au plus, pas { $chars }.
   *[other] Ce message de discussion n’est pas accepté.
}
refusal-unavailable = La salle est injoignable pour le moment. Réessayez dans un instant.
refusal-replaced = Cette place a été reprise par une autre connexion (un autre onglet ou appareil), qui la joue désormais.
refusal-bad_key = Cette clé ne peut pas être utilisée ici.
refusal-bad_signature = Une signature n’a pas été vérifiée. Rien n’a été changé.
refusal-key_required = Une partie classée demande votre clé : une cote appartient à une clé.
refusal-unknown_player = Aucun joueur n’a cette clé.
refusal-already_seeking = Vous cherchez déjà un adversaire.
refusal-too_many_new_keys = { $reason ->
    [limit] Cette adresse a amené { $limit } nouvelles clés en parties classées dans la dernière heure, autant que le serveur le permet. Jouez avec une clé qui a déjà joué des parties classées, ou une partie amicale.
   *[other] Cette adresse a amené autant de nouvelles clés en parties classées cette heure-ci que le serveur le permet. Jouez avec une clé qui a déjà joué des parties classées, ou une partie amicale.
}
refusal-operator_only = Seul l’administrateur du serveur peut faire cela.
refusal-unknown_arena = Aucune arène n’a cet identifiant.
refusal-arena_refused = { $reason ->
    [over] L’arène est terminée.
    [no_bots] Cette arène n’accepte pas de bots.
    [bad_code] C’est l’arène d’un club : rejoignez-la avec son code d’accès.
    [in_another_room] Vous êtes dans la salle d’une autre partie : quittez-la d’abord.
   *[other] L’arène ne vous accepte pas.
}
refusal-not_in_arena = Vous n’êtes dans aucune arène.
refusal-unknown_match = { $reason ->
    [named] Aucun match n’a l’identifiant { $match }.
   *[other] Aucun match n’a cet identifiant.
}
refusal-challenge_refused = { $reason ->
    [yourself] Vous ne pouvez pas vous défier vous-même.
    [nobody] { $player } n’accepte aucun défi.
    [not_played] { $player } n’accepte de défis que des joueurs contre qui il a joué.
    [too_many] Vous avez déjà { $max } défis en attente de réponse : annulez-en un d’abord.
    [bot_against_person] Un défi classé oppose deux bots ou deux personnes : un bot et une personne ne jouent que des parties amicales.
    [server_bot] Un défi oppose deux joueurs : il ne peut pas asseoir le bot du serveur.
   *[other] Ce défi ne peut pas être lancé.
}
refusal-unknown_challenge = { $reason ->
    [named] Aucun défi { $challenge } ne vous attend.
   *[other] Aucun défi de ce nom ne vous attend.
}
refusal-not_watching = Prouvez d’abord votre clé (suivez vos défis) pour répondre à un défi ou l’annuler.
refusal-bad_bot_card = { $reason ->
    [empty] Le champ { $field } de la fiche ne peut pas être vide.
    [too_long] Le champ { $field } de la fiche a au plus { $most } caractères, pas { $chars }.
    [invisible] Le champ { $field } de la fiche ne peut pas contenir { $character } : les caractères invisibles, de contrôle et de sens du texte sont refusés.
    [leading_mark] Le champ { $field } de la fiche ne peut pas commencer par un signe combinant ({ $character }).
    [too_many_marks] Le champ { $field } de la fiche ne peut pas empiler plus de { $most } signes combinants sur un caractère.
   *[other] La fiche de ce bot n’est pas acceptée.
}
refusal-unknown-code = Le serveur a refusé : { $message }

## A pairing called off, a seek ended

unpaired-requeued = Votre adversaire n’a pas pris sa place ni scellé la donne à temps : vous voilà de nouveau en tête de la file.
unpaired-not-requeued = Vous n’avez pas scellé votre donne à temps alors que votre adversaire l’a fait : vous perdez votre place dans la file.
seek-ended-cancelled = Vous avez cessé de chercher un adversaire.
seek-ended-shutting_down = Le serveur s’arrête.
seek-ended-deal_not_sealed = Vous n’avez pas scellé votre donne à temps.
seek-ended-no_room = Le serveur n’a pas pu créer de salle pour la partie.

## An arena's player not paired until they join again (arena_paused), by cause

arena-paused-paused = Vous avez fait une pause : rejoignez l’arène pour être apparié.
arena-paused-over = L’arène est terminée.
arena-paused-replaced = Vous avez rejoint cette arène depuis une autre connexion, qui joue désormais.
arena-paused-called_off = Votre partie a été annulée avant de commencer : rejoignez l’arène pour être apparié.
arena-paused-deal_not_sealed = Vous n’avez pas scellé votre donne à temps : rejoignez l’arène pour être apparié.
