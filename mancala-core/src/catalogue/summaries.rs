//! Each catalogue game's rules in a paragraph ([`Traditional::summary`](super::Traditional::summary)).

/// The summary of [`Traditional::Bohnenspiel`].
pub(super) const BOHNENSPIEL: &str = "Das Bohnenspiel: two rows of 6 holes with 6 seeds each. Seeds are sown \
    counter-clockwise; a last seed that makes 2, 4 or 6 in any hole captures \
    it, and the 2s, 4s and 6s just before it. The game ends when the player to \
    move has no seeds; captures plus the seeds in your row count.";

/// The summary of [`Traditional::Mankala`].
pub(super) const MANKALA: &str = "Mankala: two rows of 6 holes with 6 seeds each. Seeds are sown \
    counter-clockwise; a last seed that makes 2, 4 or 6 in any hole captures \
    it, and the 2s, 4s and 6s just before it. A player without seeds passes; \
    the game ends when the board is empty. Captures count.";

/// The summary of [`Traditional::Mangala`].
pub(super) const MANGALA: &str = "Mangala: two rows of 6 holes with 5 seeds each. Seeds are sown \
    counter-clockwise; a last seed that makes 1 or 3 in any hole captures it, \
    and the 1s and 3s just before it. A player without seeds passes; the game \
    ends when the board is empty. Captures count.";

/// The summary of [`Traditional::VaiLungThlan`].
pub(super) const VAI_LUNG_THLAN: &str = "Vai Lung Thlan: two rows of 6 holes with 5 seeds each. Seeds are sown \
    clockwise; a last seed that falls in an empty hole captures it, and the \
    single seeds just before it. The game ends when the player to move has no \
    seeds. Captures count.";

/// The summary of [`Traditional::Awari`].
pub(super) const AWARI: &str = "Awari: two rows of 6 holes with 4 seeds each. Seeds are sown \
    counter-clockwise, skipping the hole sown; a last seed that makes 2 or 3 in \
    the other's row captures them, and the 2s and 3s just before it in his row. \
    A move must leave the other player seeds; a player who cannot move passes. \
    The game ends when every hole holds at most one seed, or nobody can move. \
    Captures count.";

/// The summary of [`Traditional::Wari`].
pub(super) const WARI: &str = "Wari: two rows of 6 holes with 4 seeds each. Seeds are sown \
    counter-clockwise; a last seed that makes exactly 6 in any hole captures \
    them. The game ends when the player to move has no seeds. Captures count.";

/// The summary of [`Traditional::Enindji`].
pub(super) const ENINDJI: &str = "Enindji: two rows of 6 holes with 4 seeds each. Seeds are sown \
    counter-clockwise, skipping the hole sown; a last seed that makes exactly 4 \
    in any hole sends them to the store of that hole's owner. A move must leave \
    the other player seeds; a player who cannot move passes, and the game ends \
    when nobody can move. Stores plus the seeds in your row count.";

/// The summary of [`Traditional::FrenchWari`].
pub(super) const FRENCH_WARI: &str = "French Wari: two rows of 6 holes with 4 seeds each. Seeds are sown \
    counter-clockwise; a last seed in a hole that then holds more than one lifts \
    them all and sows on. A last seed in an empty hole of either row captures \
    the seeds of the hole opposite; the lone seed stays. Moves whose relays \
    never end are not allowed. The game ends when the player to move has no \
    seeds; captures plus the seeds in your row count.";

/// The summary of [`Traditional::EnGehe`].
pub(super) const EN_GEHE: &str = "En Gehe: two rows of 40 holes with 4 seeds each. Seeds are sown \
    counter-clockwise; a last seed in a hole that then holds more than one lifts \
    them all and sows on. A last seed in an empty hole of your own row, facing \
    seeds, captures both: the seeds opposite and the lone seed. Moves whose \
    relays never end are not allowed. The game ends when the player to move \
    cannot move; captures plus the seeds in your row count.";

/// The summary of [`Traditional::I`].
pub(super) const I: &str = "I: two rows of 3 holes with 4 seeds each. Only holes of two or more seeds \
    may be sown, counter-clockwise. A last seed that makes 2 or 3 in any hole \
    captures it, and each neighbour in its row that holds 2 or 3. A player who \
    cannot move passes; the game ends when nobody can move. Captures count.";

/// The summary of [`Traditional::Kay`].
pub(super) const KAY: &str = "Kay: two rows of 6 holes with 4 seeds each. Sow a hole of two or more \
    seeds, or of one seed before an empty hole, counter-clockwise, skipping the \
    hole sown. A last seed that makes 4 in any hole captures it, and the 4s just \
    before it, and the move ends; otherwise, if that hole holds more than one \
    and the next is not empty, sow on from it. The game ends when the player to \
    move cannot sow. Captures count.";

/// The summary of [`Traditional::Adidada`].
pub(super) const ADIDADA: &str = "Adidada: two rows of 6 holes with 4 seeds each. Seeds are sown \
    counter-clockwise; a last seed that makes 2 or 3 in the other's row \
    captures them, and the 2s and 3s just before it in his row. You may take \
    all his seeds. The game ends when the player to move has no seeds; \
    captures plus the seeds in your row count.";

/// The summary of [`Traditional::Chongka`].
pub(super) const CHONGKA: &str = "Chongka': two rows of 7 holes with 7 seeds each, and a store on \
    each player's left. Seeds are sown clockwise, one into your own store as \
    you pass it, none into the other's. A last seed in a hole that then holds \
    more than one lifts them all and sows on; one in your store ends the move. \
    A last seed in an empty hole of your own row captures the seeds of the \
    hole opposite; the lone seed stays. A player without seeds passes; the \
    game ends when the board is empty. Stores count.";

/// The summary of [`Traditional::Chungcajon`].
pub(super) const CHUNGCAJON: &str = "Chungcajon: two rows of 7 holes with 7 seeds each, and a store on \
    each player's left. Seeds are sown clockwise, one into your own store as \
    you pass it, none into the other's. A last seed in a hole that then holds \
    more than one lifts them all and sows on; the move ends in your store or \
    in an empty hole. Nothing is captured. A player without seeds passes; the \
    game ends when the board is empty. Stores count.";

/// The summary of [`Traditional::Foji`].
pub(super) const FOJI: &str = "Foji: two rows of 6 holes with 4 seeds each. Seeds are sown \
    clockwise, skipping the hole sown; a last seed in a hole that then holds \
    more than one lifts them all and sows on. A last seed in an empty hole of \
    your own row captures the seeds of the hole opposite; the lone seed stays. \
    A move must leave the other player seeds, and moves whose relays never end \
    are not allowed. The game ends when the player to move cannot move; \
    captures plus the seeds in your row count.";

/// The summary of [`Traditional::Fondji`].
pub(super) const FONDJI: &str = "Fondji: two rows of 6 holes with 4 seeds each. Seeds are sown \
    counter-clockwise, skipping the hole sown; a last seed that makes 2 or 3 in \
    the other's row captures them, and the 2s and 3s just before it in his row. \
    A move must leave the other player seeds. The game ends when the player to \
    move cannot move; captures plus the seeds in your row count.";

/// The summary of [`Traditional::Jodu`].
pub(super) const JODU: &str = "J'odu: two rows of 6 holes with 4 seeds each. Seeds are sown \
    counter-clockwise; a last seed in a hole that then holds more than one lifts \
    them all and sows on. A last seed in an empty hole of your own row captures \
    the seeds of the hole opposite; the lone seed stays. A move must leave the \
    other player seeds, and moves whose relays never end are not allowed. The \
    game ends when the player to move cannot move; captures plus the seeds in \
    your row count.";

/// The summary of [`Traditional::Kpo`].
pub(super) const KPO: &str = "Kpo: two rows of 6 holes with 4 seeds each. Seeds are sown \
    counter-clockwise; a last seed that makes 2 or 3 in any hole captures that \
    hole alone. The game ends when the player to move has no seeds; captures \
    plus the seeds in your row count.";

/// The summary of [`Traditional::Ntyenge`].
pub(super) const NTYENGE: &str = "Ntyenge: two rows of 8 holes with 4 seeds each. Seeds are sown \
    counter-clockwise; a last seed that makes 2 or 4 in any hole captures that \
    hole alone. A player without seeds passes; the game ends when the board is \
    empty. Captures count.";

/// The summary of [`Traditional::Shono`].
pub(super) const SHONO: &str = "Shono: two rows of 6 holes with 5 seeds each. Seeds are sown \
    counter-clockwise, skipping the hole sown; a last seed that makes 2 or 3 in \
    the other's row captures them, and the 2s and 3s just before it in his row. \
    You may take all his seeds. The game ends when the player to move has no \
    seeds; captures plus the seeds in your row count.";

/// The summary of [`Traditional::UnneeTugalluulax`].
pub(super) const UNNEE_TUGALLUULAX: &str = "Unnee Tugalluulax: two rows of 6 holes with 6 seeds each. Seeds \
    are sown clockwise; a last seed that makes 4 in any hole captures that \
    hole alone. The game ends when the player to move has no seeds; captures \
    plus the seeds in your row count.";

/// The summary of [`Traditional::Woli`].
pub(super) const WOLI: &str = "Woli: two rows of 6 holes with 6 seeds each. Seeds are sown \
    clockwise, skipping the hole sown; a last seed that makes 2 or 3 in the \
    other's row captures them, and the 2s and 3s just before it in his row. A \
    move must leave the other player seeds. The game ends when the player to \
    move cannot move; captures plus the seeds in your row count.";

/// The summary of [`Traditional::Wore`].
pub(super) const WORE: &str = "Wore: two rows of 4 holes with 6 seeds each. Seeds are sown \
    counter-clockwise; a last seed that makes 2, 4 or 6 in any hole captures \
    that hole alone. The game ends when the player to move has no seeds. \
    Captures count.";

/// The summary of [`Traditional::FairKalah`].
pub(super) const FAIRKALAH: &str = "FairKalah: Kalah from an uneven start, two rows of 6 \
    holes with 4 seeds each but for one of South's moved from his fifth hole \
    to his third. Seeds are sown counter-clockwise through your own store, \
    never the other's; a last seed in your store moves again, and one in an \
    empty hole of your row captures itself and the hole facing it. The game \
    ends when either row is empty; the store plus the seeds in your row \
    count.";

/// The summary of [`Traditional::Yovodi`].
pub(super) const YOVODI: &str = "Yovodi: two rows of 6 holes with 4 seeds each. Seeds are \
    sown clockwise; a last seed in an occupied hole lifts it and sows on. One \
    in an empty hole takes the seeds facing it: into your store when it fell \
    in your row, into the other player's when it fell in his (the seeds \
    taken being yours). The game ends when the player to move has no seeds; \
    the store plus the seeds in your row count.";

/// The summary of [`Traditional::Uril`].
pub(super) const URIL: &str = "Uril: two rows of 6 holes with 4 seeds each. Seeds are sown \
    counter-clockwise, skipping the hole sown; a last seed that makes 2 or 3 \
    in the other's row captures them, and the 2s and 3s just before it in his \
    row. A move must leave the other player seeds; a player who cannot move \
    passes. The first to hold 25 seeds in his store wins; if neither player \
    can move, the game is drawn.";

/// The summary of [`Traditional::Waurie`].
pub(super) const WAURIE: &str = "Waurie: two rows of 6 holes with 4 seeds each. Seeds are \
    sown counter-clockwise through your own store, never the other's; a last \
    seed in your store moves again. Nothing is captured: the first to empty \
    his row wins.";

/// The summary of [`Traditional::Altiev`].
pub(super) const ALTIEV: &str = "Altiev: two rows of 6 holes with 3 seeds each. Seeds are \
    sown counter-clockwise; a last seed in an occupied hole lifts it and sows \
    on, and one in an empty hole of your row captures the seeds facing it. \
    A player whose row is empty, even in the middle of a move, loses.";

/// The summary of [`Traditional::Kara`].
pub(super) const KARA: &str = "Kara: two rows of 3 holes with 7 seeds each. Seeds are sown \
    counter-clockwise; a last seed that makes 2, 4 or 6 in a hole of the \
    other's row, or in your own rightmost hole, captures it. The game ends \
    when the player to move has no seeds; captures plus the seeds in your \
    row count.";

/// The summary of [`Traditional::Halusa`].
pub(super) const HALUSA: &str = "Halusa: two rows of 6 holes with 6 seeds each. Seeds are sown \
    counter-clockwise; a last seed that makes an even count in your own row \
    captures it, and the even holes just before it in your row (an empty \
    hole carries the chain on), back to the hole you sowed. A move must \
    leave the other player seeds. The game ends when the player to move \
    cannot; captures plus the seeds in your row count.";

/// The summary of [`Traditional::LabAkila`].
pub(super) const LAB_AKILA: &str = "La'b Akila: two rows of 7 holes with 7 seeds each. Seeds are \
    sown counter-clockwise; a last seed that makes 2 or 4 in any hole \
    captures it with the hole facing it, and so for each 2 or 4 just before \
    it. A player without seeds passes; the game ends when at most one seed \
    is left on the board. Captures count.";

/// The summary of [`Traditional::KapanaBona`].
pub(super) const KAPANA_BONA: &str = "Kapana Bona: two rows of 3 holes with 8 seeds each. You may \
    sow any hole of the board, counter-clockwise, the first seed back into \
    the hole sown (a single seed stays where it is). After the sowing you \
    take every hole of the board holding 2, 4 or 6. The game ends when no \
    hole holds more than one seed. Captures count.";

/// The summary of [`Traditional::OureNgat`].
pub(super) const OURE_NGAT: &str = "Oure Ngat: two rows of 4 holes with 6 seeds each. Seeds are \
    sown counter-clockwise, the first back into the hole sown (a single seed \
    stays where it is). After the sowing you take every hole of the board \
    holding 2, 4 or 6. A player without seeds passes; the game ends when the \
    board is empty, which single seeds may never allow. Captures count.";

/// The summary of [`Traditional::Wouri`].
pub(super) const WOURI: &str = "Wouri: two rows of 6 holes with 4 seeds each. Seeds are sown \
    counter-clockwise, skipping the hole sown; a last seed that makes 4 in \
    the other's row captures it and every 4 of his row; else a last seed in \
    an occupied hole lifts it and sows on. A move must leave the other player \
    seeds. The game ends when the player to move cannot; captures plus the \
    seeds in your row count.";

/// The summary of [`Traditional::Hoyito`].
pub(super) const HOYITO: &str = "Hoyito: two rows of 6 holes with 4 seeds each. Seeds are sown \
    counter-clockwise; a last seed that makes 4 in any hole captures it, and \
    once at most 8 seeds are on the board, every seed left. The game ends \
    when the player to move has no seeds. Captures count.";

/// The summary of [`Traditional::AwLiOnNamOtTjin`].
pub(super) const AW_LI_ON_NAM_OT_TJIN: &str = "Aw-li On-nam Ot-tjin: two rows of 9 holes with 3 seeds \
    each. You sow a hole of yours holding at least two seeds, \
    counter-clockwise; a last seed that makes 3 in any hole captures it. \
    When the player to move cannot sow, the other takes every seed left on \
    the board, and the larger store wins; if neither can sow, the game is \
    drawn.";

/// The summary of [`Traditional::TapUrdy`].
pub(super) const TAP_URDY: &str = "Tap Urdy: two rows of 6 holes with 4 seeds each. You sow a \
    hole of the other's row, clockwise; a last seed that makes more than one \
    lifts that hole and sows on while the next hole holds seeds, and before \
    an empty hole captures the hole after it. The game ends as soon as a row \
    is empty, even in the middle of a move; captures plus the seeds in your \
    row count.";

/// The summary of [`Traditional::Yovodji`].
pub(super) const YOVODJI: &str = "Yovodji: two rows of 6 holes with 4 seeds each. Seeds are \
    sown counter-clockwise, skipping the hole sown; a last seed that makes 2 \
    or 3 in the other's row captures it; else one in an occupied hole lifts \
    it and sows on, and one in an empty hole of your row captures the hole \
    facing it if it holds 2 or more. The game ends when the player to move \
    has no seeds; captures plus the seeds in your row count.";
/// The summary of [`Traditional::Dabuda`].
pub(super) const DABUDA: &str = "Dabuda: two rows of 10 holes with 4 seeds each. Each \
    player's first move sows his rightmost hole; after that any hole of his. \
    Seeds are sown counter-clockwise; a last seed in an occupied hole lifts it \
    and sows on, and one in an empty hole of your row facing seeds captures \
    itself and the seeds facing it. The game ends when the player to move has \
    no seeds; captures plus the seeds in your row count.";

/// The summary of [`Traditional::UmElBil`].
pub(super) const UM_EL_BIL: &str = "Um el-Bil: two rows of 6 holes with 4 seeds each. South's \
    first move sows his rightmost hole; every other move any hole of the \
    mover's. Seeds are sown counter-clockwise; a last seed that falls in an \
    empty hole of either row captures itself. A player without seeds passes; \
    the game ends when the board is empty. Captures count.";

/// The summary of [`Traditional::ToguzKumalak`].
pub(super) const TOGUZ_KUMALAK: &str = "Toguz Kumalak: two rows of 9 holes with 9 seeds each. Seeds are sown \
    counter-clockwise, the first back into the hole sown unless it held one; \
    a last seed that makes an even count in the other's row captures it. One \
    that makes 3 there makes the hole your tuzdik, once a game (never the \
    last hole, nor the one matching the other's tuzdik): its seeds are yours \
    for the rest of the game, and it is never sown. The game ends when the \
    player to move has no seeds; captures plus the seeds in your row count.";
