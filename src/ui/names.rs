//! Technique and family names in the user's language, for hints, the Lab and the practice
//! chooser. The engine names them in English (`Technique::name`, `Family::name`, also the CLI's);
//! these matches give each to gettext, and a test keeps the two in step.

use crate::engine::logic::{Family, Technique};
use crate::i18n::gettext;

/// The technique's name, translated ("Hidden Single" → "Versteckter Single").
pub fn technique_name(technique: Technique) -> String {
    match technique {
        Technique::FullHouse => gettext("Full House"),
        Technique::NakedSingle => gettext("Naked Single"),
        Technique::HiddenSingle => gettext("Hidden Single"),
        Technique::LockedCandidatesPointing => gettext("Locked Candidates (Pointing)"),
        Technique::LockedCandidatesClaiming => gettext("Locked Candidates (Claiming)"),
        Technique::LockedPair => gettext("Locked Pair"),
        Technique::LockedTriple => gettext("Locked Triple"),
        Technique::NakedPair => gettext("Naked Pair"),
        Technique::NakedTriple => gettext("Naked Triple"),
        Technique::HiddenPair => gettext("Hidden Pair"),
        Technique::HiddenTriple => gettext("Hidden Triple"),
        Technique::NakedQuad => gettext("Naked Quad"),
        Technique::HiddenQuad => gettext("Hidden Quad"),
        Technique::XWing => gettext("X-Wing"),
        Technique::Swordfish => gettext("Swordfish"),
        Technique::Jellyfish => gettext("Jellyfish"),
        Technique::Skyscraper => gettext("Skyscraper"),
        Technique::TwoStringKite => gettext("2-String Kite"),
        Technique::TurbotFish => gettext("Turbot Fish"),
        Technique::EmptyRectangle => gettext("Empty Rectangle"),
        Technique::XyWing => gettext("XY-Wing"),
        Technique::XyzWing => gettext("XYZ-Wing"),
        Technique::WWing => gettext("W-Wing"),
        Technique::RemotePair => gettext("Remote Pair"),
        Technique::SimpleColors => gettext("Simple Colors"),
        Technique::UniqueRectangle1 => gettext("Unique Rectangle Type 1"),
        Technique::UniqueRectangle2 => gettext("Unique Rectangle Type 2"),
        Technique::UniqueRectangle4 => gettext("Unique Rectangle Type 4"),
        Technique::BugPlusOne => gettext("BUG+1"),
        Technique::DualTwoStringKite => gettext("Dual 2-String Kite"),
        Technique::DualEmptyRectangle => gettext("Dual Empty Rectangle"),
        Technique::MultiColors => gettext("Multi-Colors"),
        Technique::UniqueRectangle3 => gettext("Unique Rectangle Type 3"),
        Technique::UniqueRectangle5 => gettext("Unique Rectangle Type 5"),
        Technique::UniqueRectangle6 => gettext("Unique Rectangle Type 6"),
        Technique::HiddenRectangle => gettext("Hidden Rectangle"),
        Technique::AvoidableRectangle1 => gettext("Avoidable Rectangle Type 1"),
        Technique::AvoidableRectangle2 => gettext("Avoidable Rectangle Type 2"),
        Technique::FinnedXWing => gettext("Finned X-Wing"),
        Technique::SashimiXWing => gettext("Sashimi X-Wing"),
        Technique::FinnedSwordfish => gettext("Finned Swordfish"),
        Technique::SashimiSwordfish => gettext("Sashimi Swordfish"),
        Technique::XChain => gettext("X-Chain"),
        Technique::XyChain => gettext("XY-Chain"),
        Technique::FinnedJellyfish => gettext("Finned Jellyfish"),
        Technique::SashimiJellyfish => gettext("Sashimi Jellyfish"),
        Technique::Aic => gettext("AIC"),
        Technique::ContinuousNiceLoop => gettext("Continuous Nice Loop"),
        Technique::DiscontinuousNiceLoop => gettext("Discontinuous Nice Loop"),
        Technique::GroupedAic => gettext("Grouped AIC"),
        Technique::GroupedContinuousNiceLoop => gettext("Grouped Continuous Nice Loop"),
        Technique::GroupedDiscontinuousNiceLoop => gettext("Grouped Discontinuous Nice Loop"),
        Technique::SueDeCoq => gettext("Sue de Coq"),
        Technique::AlsXz => gettext("ALS-XZ"),
        Technique::AlsXyWing => gettext("ALS-XY-Wing"),
        Technique::AlsXyChain => gettext("ALS-XY-Chain"),
        Technique::DeathBlossom => gettext("Death Blossom"),
        Technique::FrankenSwordfish => gettext("Franken Swordfish"),
        Technique::FrankenJellyfish => gettext("Franken Jellyfish"),
        Technique::FinnedFrankenSwordfish => gettext("Finned Franken Swordfish"),
        Technique::FinnedFrankenJellyfish => gettext("Finned Franken Jellyfish"),
        Technique::FinnedMutantJellyfish => gettext("Finned Mutant Jellyfish"),
        Technique::TemplateSet => gettext("Template Set"),
        Technique::TemplateDelete => gettext("Template Delete"),
        Technique::ForcingChainContradiction => gettext("Forcing Chain Contradiction"),
        Technique::ForcingChainVerity => gettext("Forcing Chain Verity"),
        Technique::ForcingNetContradiction => gettext("Forcing Net Contradiction"),
        Technique::ForcingNetVerity => gettext("Forcing Net Verity"),
    }
}

/// The family's name, translated ("Fish" → "Fische"), as the help's technique reference titles it.
pub fn family_name(family: Family) -> String {
    match family {
        Family::Singles => gettext("Singles"),
        Family::Intersections => gettext("Locked candidates"),
        Family::Subsets => gettext("Naked and hidden subsets"),
        Family::Fish => gettext("Fish"),
        Family::SingleDigit => gettext("Chains on one digit"),
        Family::Wings => gettext("Wings"),
        Family::Uniqueness => gettext("Unique and avoidable rectangles"),
        Family::Chains => gettext("Chains and loops"),
        Family::Als => gettext("Almost locked sets"),
        Family::Templates => gettext("Templates"),
        Family::Forcing => gettext("Forcing chains and nets"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn untranslated_names_are_the_engines() {
        for &technique in Technique::ALL {
            assert_eq!(technique_name(technique), technique.name());
        }
        for &family in Family::ALL {
            assert_eq!(family_name(family), family.name());
        }
    }
}
