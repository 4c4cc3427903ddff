//! The catalogue of solving techniques: fixed ids (used by the CLI and scripts), display names,
//! difficulty levels and scores on the Sudoku Explainer scale, in the order they are tried.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// How hard a puzzle (or the technique it needs) is.
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Serialize,
    Deserialize,
    strum::IntoStaticStr,
    strum::VariantArray,
)]
#[serde(rename_all = "kebab-case")]
#[strum(serialize_all = "kebab-case")]
pub enum Level {
    Easy,
    Medium,
    Hard,
    Expert,
    /// Needs techniques beyond Hard, or guessing.
    Master,
}

impl Level {
    pub const ALL: &'static [Level] = <Level as strum::VariantArray>::VARIANTS;

    pub fn id(self) -> &'static str {
        self.into()
    }

    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "Easy",
            Level::Medium => "Medium",
            Level::Hard => "Hard",
            Level::Expert => "Expert",
            Level::Master => "Master",
        }
    }
}

impl FromStr for Level {
    type Err = String;
    fn from_str(s: &str) -> Result<Level, String> {
        crate::engine::ids::parse(s, "level")
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// A family of techniques, as the help's technique reference groups them (its sections' ids and
/// titles): what a player searching for "fish" or "chains" means.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, strum::IntoStaticStr, strum::VariantArray)]
#[strum(serialize_all = "kebab-case")]
pub enum Family {
    Singles,
    Intersections,
    Subsets,
    Fish,
    SingleDigit,
    Wings,
    Uniqueness,
    Chains,
    Als,
    Templates,
    Forcing,
}

impl Family {
    pub const ALL: &'static [Family] = <Family as strum::VariantArray>::VARIANTS;

    /// The fixed kebab-case id, e.g. `single-digit` (the help's section id).
    pub fn id(self) -> &'static str {
        self.into()
    }

    /// The family's techniques by score, the simplest first.
    pub fn techniques(self) -> Vec<Technique> {
        let mut members = Technique::all_by_score();
        members.retain(|t| t.family() == self);
        members
    }

    /// The display name, e.g. `Chains on one digit` (the help's section title).
    pub fn name(self) -> &'static str {
        match self {
            Family::Singles => "Singles",
            Family::Intersections => "Locked candidates",
            Family::Subsets => "Naked and hidden subsets",
            Family::Fish => "Fish",
            Family::SingleDigit => "Chains on one digit",
            Family::Wings => "Wings",
            Family::Uniqueness => "Unique and avoidable rectangles",
            Family::Chains => "Chains and loops",
            Family::Als => "Almost locked sets",
            Family::Templates => "Templates",
            Family::Forcing => "Forcing chains and nets",
        }
    }
}

impl FromStr for Family {
    type Err = String;
    fn from_str(s: &str) -> Result<Family, String> {
        crate::engine::ids::parse(s, "family")
    }
}

macro_rules! techniques {
    ($($variant:ident, $id:literal, $name:literal, $level:ident, $score:literal;)*) => {
        /// A solving technique. The declaration order is the difficulty order in which
        /// [`super::next_step`] tries them.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub enum Technique {
            $($variant,)*
        }

        impl Technique {
            pub const ALL: &'static [Technique] = &[$(Technique::$variant,)*];

            /// The fixed kebab-case id, e.g. `x-wing`.
            pub fn id(self) -> &'static str {
                match self { $(Technique::$variant => $id,)* }
            }

            /// The display name, e.g. `X-Wing`.
            pub fn name(self) -> &'static str {
                match self { $(Technique::$variant => $name,)* }
            }

            pub fn level(self) -> Level {
                match self { $(Technique::$variant => Level::$level,)* }
            }

            /// The score on the Sudoku Explainer scale (see the README's table).
            pub fn score(self) -> f32 {
                match self { $(Technique::$variant => $score,)* }
            }
        }
    };
}

// Scores follow Sudoku Explainer where it has the technique (hidden single 1.5, naked single 2.3,
// pointing 2.6, claiming 2.8, naked pair 3.0, x-wing 3.2, hidden pair 3.4, naked triple 3.6,
// swordfish 3.8, hidden triple 4.0, xy-wing 4.2, xyz-wing 4.4, unique rectangles 4.5–4.6, naked
// quad 5.0, jellyfish 5.2, hidden quad 5.4, BUG+1 5.6). Techniques it lacks are placed beside
// their nearest equivalents: the single-digit patterns are short X-chains (4.0–4.2), locked
// subsets are naked subsets that also claim (2.9–3.5), w-wing and remote pair are short
// XY-chains.
techniques! {
    FullHouse, "full-house", "Full House", Easy, 1.0;
    NakedSingle, "naked-single", "Naked Single", Easy, 2.3;
    HiddenSingle, "hidden-single", "Hidden Single", Easy, 1.5;
    LockedCandidatesPointing, "locked-candidates-pointing", "Locked Candidates (Pointing)", Medium, 2.6;
    LockedCandidatesClaiming, "locked-candidates-claiming", "Locked Candidates (Claiming)", Medium, 2.8;
    LockedPair, "locked-pair", "Locked Pair", Medium, 2.9;
    LockedTriple, "locked-triple", "Locked Triple", Medium, 3.5;
    NakedPair, "naked-pair", "Naked Pair", Medium, 3.0;
    NakedTriple, "naked-triple", "Naked Triple", Medium, 3.6;
    HiddenPair, "hidden-pair", "Hidden Pair", Medium, 3.4;
    HiddenTriple, "hidden-triple", "Hidden Triple", Medium, 4.0;
    NakedQuad, "naked-quad", "Naked Quad", Hard, 5.0;
    HiddenQuad, "hidden-quad", "Hidden Quad", Hard, 5.4;
    XWing, "x-wing", "X-Wing", Hard, 3.2;
    Swordfish, "swordfish", "Swordfish", Hard, 3.8;
    Jellyfish, "jellyfish", "Jellyfish", Hard, 5.2;
    Skyscraper, "skyscraper", "Skyscraper", Hard, 4.0;
    TwoStringKite, "two-string-kite", "2-String Kite", Hard, 4.1;
    TurbotFish, "turbot-fish", "Turbot Fish", Hard, 4.2;
    EmptyRectangle, "empty-rectangle", "Empty Rectangle", Hard, 4.2;
    XyWing, "xy-wing", "XY-Wing", Hard, 4.2;
    XyzWing, "xyz-wing", "XYZ-Wing", Hard, 4.4;
    WWing, "w-wing", "W-Wing", Hard, 4.4;
    RemotePair, "remote-pair", "Remote Pair", Hard, 4.5;
    SimpleColors, "simple-colors", "Simple Colors", Hard, 4.5;
    UniqueRectangle1, "unique-rectangle-1", "Unique Rectangle Type 1", Hard, 4.5;
    UniqueRectangle2, "unique-rectangle-2", "Unique Rectangle Type 2", Hard, 4.6;
    UniqueRectangle4, "unique-rectangle-4", "Unique Rectangle Type 4", Hard, 4.6;
    BugPlusOne, "bug-plus-one", "BUG+1", Hard, 5.6;
    DualTwoStringKite, "dual-two-string-kite", "Dual 2-String Kite", Expert, 5.7;
    DualEmptyRectangle, "dual-empty-rectangle", "Dual Empty Rectangle", Expert, 5.7;
    MultiColors, "multi-colors", "Multi-Colors", Expert, 5.9;
    UniqueRectangle3, "unique-rectangle-3", "Unique Rectangle Type 3", Expert, 5.7;
    UniqueRectangle5, "unique-rectangle-5", "Unique Rectangle Type 5", Expert, 5.7;
    UniqueRectangle6, "unique-rectangle-6", "Unique Rectangle Type 6", Expert, 5.8;
    HiddenRectangle, "hidden-rectangle", "Hidden Rectangle", Expert, 5.8;
    AvoidableRectangle1, "avoidable-rectangle-1", "Avoidable Rectangle Type 1", Expert, 5.7;
    AvoidableRectangle2, "avoidable-rectangle-2", "Avoidable Rectangle Type 2", Expert, 5.8;
    FinnedXWing, "finned-x-wing", "Finned X-Wing", Expert, 5.8;
    SashimiXWing, "sashimi-x-wing", "Sashimi X-Wing", Expert, 5.9;
    FinnedSwordfish, "finned-swordfish", "Finned Swordfish", Expert, 6.0;
    SashimiSwordfish, "sashimi-swordfish", "Sashimi Swordfish", Expert, 6.1;
    XChain, "x-chain", "X-Chain", Expert, 6.2;
    XyChain, "xy-chain", "XY-Chain", Expert, 6.3;
    FinnedJellyfish, "finned-jellyfish", "Finned Jellyfish", Expert, 6.3;
    SashimiJellyfish, "sashimi-jellyfish", "Sashimi Jellyfish", Expert, 6.4;
    Aic, "aic", "AIC", Expert, 6.4;
    ContinuousNiceLoop, "continuous-nice-loop", "Continuous Nice Loop", Expert, 6.5;
    DiscontinuousNiceLoop, "discontinuous-nice-loop", "Discontinuous Nice Loop", Expert, 6.6;
    GroupedAic, "grouped-aic", "Grouped AIC", Expert, 6.8;
    GroupedContinuousNiceLoop, "grouped-continuous-nice-loop", "Grouped Continuous Nice Loop", Expert, 6.9;
    GroupedDiscontinuousNiceLoop, "grouped-discontinuous-nice-loop", "Grouped Discontinuous Nice Loop", Expert, 7.0;
    SueDeCoq, "sue-de-coq", "Sue de Coq", Expert, 6.7;
    AlsXz, "als-xz", "ALS-XZ", Expert, 7.1;
    AlsXyWing, "als-xy-wing", "ALS-XY-Wing", Expert, 7.2;
    AlsXyChain, "als-xy-chain", "ALS-XY-Chain", Expert, 7.3;
    DeathBlossom, "death-blossom", "Death Blossom", Expert, 7.4;
    FrankenSwordfish, "franken-swordfish", "Franken Swordfish", Expert, 7.35;
    FrankenJellyfish, "franken-jellyfish", "Franken Jellyfish", Expert, 7.36;
    FinnedFrankenSwordfish, "finned-franken-swordfish", "Finned Franken Swordfish", Expert, 7.37;
    FinnedFrankenJellyfish, "finned-franken-jellyfish", "Finned Franken Jellyfish", Expert, 7.38;
    FinnedMutantJellyfish, "finned-mutant-jellyfish", "Finned Mutant Jellyfish", Expert, 7.42;
    TemplateSet, "template-set", "Template Set", Expert, 7.45;
    TemplateDelete, "template-delete", "Template Delete", Expert, 7.45;
    ForcingChainContradiction, "forcing-chain-contradiction", "Forcing Chain Contradiction", Master, 7.5;
    ForcingChainVerity, "forcing-chain-verity", "Forcing Chain Verity", Master, 7.8;
    ForcingNetContradiction, "forcing-net-contradiction", "Forcing Net Contradiction", Master, 8.5;
    ForcingNetVerity, "forcing-net-verity", "Forcing Net Verity", Master, 8.8;
}

impl FromStr for Technique {
    type Err = String;
    /// A technique by its id, as the command line takes it ([`Technique::by_id`]).
    fn from_str(s: &str) -> Result<Technique, String> {
        Technique::by_id(s, "`nonet-cli techniques` lists them")
    }
}

impl Technique {
    /// The technique a free-text name means, if any: its id or its English name, case and
    /// surrounding spaces aside ("Naked single", "x-wing"), as a script names its steps.
    pub fn named(text: &str) -> Option<Technique> {
        let text = text.trim();
        Technique::ALL
            .iter()
            .copied()
            .find(|t| t.id().eq_ignore_ascii_case(text) || t.name().eq_ignore_ascii_case(text))
    }

    /// A technique by its id; an unknown one is refused with the ids meant, when they can be
    /// guessed ([`Technique::meant_by`]), or else with `lister`, what lists them where it was
    /// asked for ("`nonet-cli techniques` lists them").
    pub fn by_id(s: &str, lister: &str) -> Result<Technique, String> {
        if let Some(technique) = Technique::ALL.iter().copied().find(|t| t.id() == s) {
            return Ok(technique);
        }
        let meant: Vec<String> = Technique::meant_by(s).iter().map(|t| format!("'{}'", t.id())).collect();
        Err(match meant.as_slice() {
            [] => format!("unknown technique '{s}' ({lister})"),
            [one] => format!("unknown technique '{s}' (did you mean {one}?)"),
            more => format!("unknown technique '{s}' (did you mean one of {}?)", more.join(", ")),
        })
    }

    /// The family the technique belongs to.
    pub fn family(self) -> Family {
        use Technique::*;
        match self {
            FullHouse | NakedSingle | HiddenSingle => Family::Singles,
            LockedCandidatesPointing | LockedCandidatesClaiming | LockedPair | LockedTriple => Family::Intersections,
            NakedPair | NakedTriple | NakedQuad | HiddenPair | HiddenTriple | HiddenQuad => Family::Subsets,
            XWing
            | Swordfish
            | Jellyfish
            | FinnedXWing
            | SashimiXWing
            | FinnedSwordfish
            | SashimiSwordfish
            | FinnedJellyfish
            | SashimiJellyfish
            | FrankenSwordfish
            | FrankenJellyfish
            | FinnedFrankenSwordfish
            | FinnedFrankenJellyfish
            | FinnedMutantJellyfish => Family::Fish,
            Skyscraper | TwoStringKite | TurbotFish | EmptyRectangle | DualTwoStringKite | DualEmptyRectangle
            | SimpleColors | MultiColors | XChain => Family::SingleDigit,
            XyWing | XyzWing | WWing | RemotePair => Family::Wings,
            UniqueRectangle1 | UniqueRectangle2 | UniqueRectangle3 | UniqueRectangle4 | UniqueRectangle5
            | UniqueRectangle6 | HiddenRectangle | AvoidableRectangle1 | AvoidableRectangle2 | BugPlusOne => {
                Family::Uniqueness
            }
            XyChain
            | Aic
            | ContinuousNiceLoop
            | DiscontinuousNiceLoop
            | GroupedAic
            | GroupedContinuousNiceLoop
            | GroupedDiscontinuousNiceLoop => Family::Chains,
            AlsXz | AlsXyWing | AlsXyChain | DeathBlossom | SueDeCoq => Family::Als,
            TemplateSet | TemplateDelete => Family::Templates,
            ForcingChainContradiction | ForcingChainVerity | ForcingNetContradiction | ForcingNetVerity => {
                Family::Forcing
            }
        }
    }

    /// Whether the technique rests on the puzzle having a single solution (the unique and
    /// avoidable rectangles, BUG+1): a player may want hints without them, as Sudoku Explainer
    /// and HoDoKu let one leave them out.
    pub fn rests_on_uniqueness(self) -> bool {
        self.family() == Family::Uniqueness
    }

    /// The score as it is written: one decimal, two where it has them ("3.2", "7.35"; as an
    /// `f32` printed whole, 7.35 would be 7.349999904632568).
    pub fn score_text(self) -> String {
        let text = format!("{:.2}", self.score());
        match text.strip_suffix('0') {
            Some(short) => short.to_string(),
            None => text,
        }
    }

    /// Every technique, simplest first (by score; the ladder's order, with the two it leaves
    /// out in their places).
    pub fn all_by_score() -> Vec<Technique> {
        let mut all = Technique::ALL.to_vec();
        all.sort_by(|a, b| a.score().total_cmp(&b.score()));
        all
    }

    /// The techniques a text that is no id may mean, at most four: its name or id in other
    /// letters ("Hidden Single", "x_wing"); ids with it as their last words ("pointing",
    /// "kite"); else the ids within two typing slips of it ("xwing", "hidden-singles").
    pub fn meant_by(text: &str) -> Vec<Technique> {
        let wanted: String = text
            .trim()
            .to_lowercase()
            .chars()
            .map(|c| if c == ' ' || c == '_' { '-' } else { c })
            .collect();
        if wanted.is_empty() {
            return Vec::new();
        }
        let all = Technique::ALL.iter().copied();
        let named: Vec<Technique> = all
            .clone()
            .filter(|t| t.id() == wanted || t.name().to_lowercase() == text.trim().to_lowercase())
            .collect();
        if !named.is_empty() {
            return named;
        }
        let ending: Vec<Technique> = all
            .clone()
            .filter(|t| t.id().ends_with(&format!("-{wanted}")))
            .take(4)
            .collect();
        if !ending.is_empty() {
            return ending;
        }
        let mut near: Vec<(usize, Technique)> = all
            .map(|t| (strsim::levenshtein(t.id(), &wanted), t))
            .filter(|&(slips, _)| slips <= 2)
            .collect();
        near.sort_by_key(|&(slips, _)| slips);
        near.into_iter().take(4).map(|(_, t)| t).collect()
    }
}

/// Serialised as its id, so JSON, the CLI and scripts share one spelling.
impl Serialize for Technique {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.id())
    }
}

impl<'de> Deserialize<'de> for Technique {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Technique, D::Error> {
        let id = String::deserialize(deserializer)?;
        id.parse().map_err(serde::de::Error::custom)
    }
}

impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A script's free-text step name means a technique by its id or its name, case aside.
    #[test]
    fn a_free_text_name_means_a_technique_by_its_id_or_name() {
        assert_eq!(Technique::named("Naked single"), Some(Technique::NakedSingle));
        assert_eq!(Technique::named(" x-wing "), Some(Technique::XWing));
        assert_eq!(Technique::named("X-WING"), Some(Technique::XWing));
        assert_eq!(Technique::named("My own trick"), None);
        for &technique in Technique::ALL {
            assert_eq!(Technique::named(technique.name()), Some(technique));
        }
    }

    /// An unknown id is answered with what it may mean: the name or id in other letters, the ids
    /// it ends, the ids a slip or two away; nothing for what is none of them.
    #[test]
    fn an_unknown_id_is_answered_with_the_ids_it_may_mean() {
        use Technique::*;
        assert_eq!(Technique::meant_by("Hidden Single"), [HiddenSingle]);
        assert_eq!(Technique::meant_by(" X_Wing "), [XWing]);
        assert_eq!(Technique::meant_by("pointing"), [LockedCandidatesPointing]);
        assert_eq!(Technique::meant_by("kite"), [TwoStringKite, DualTwoStringKite]);
        assert_eq!(Technique::meant_by("hidden-singles"), [HiddenSingle]);
        assert!(Technique::meant_by("xwing").contains(&XWing));
        assert_eq!(Technique::meant_by("nonsense"), []);
        assert_eq!(Technique::meant_by(""), []);
        let refused = "pointing".parse::<Technique>().unwrap_err();
        assert_eq!(
            refused,
            "unknown technique 'pointing' (did you mean 'locked-candidates-pointing'?)"
        );
        assert!(Technique::ALL.iter().all(|t| t.id().parse() == Ok(*t)));
    }

    #[test]
    fn ids_round_trip_and_levels_never_fall_in_order() {
        assert_eq!(Technique::ALL.len(), 68);
        for pair in Technique::ALL.windows(2) {
            assert!(pair[0].level() <= pair[1].level(), "{} before {}", pair[0], pair[1]);
        }
        for &technique in Technique::ALL {
            assert_eq!(technique.id().parse::<Technique>(), Ok(technique));
            let json = serde_json::to_string(&technique).unwrap();
            assert_eq!(json, format!("\"{}\"", technique.id()));
        }
    }
}
