//! The titles a norm is for, the titles opponents hold, and the figures
//! of the Title Regulations (B.01, 2024) that go with each.

use serde::Serialize;

/// A FIDE title as the event's `001` lines give it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Title {
    /// Grandmaster.
    Gm,
    /// International Master.
    Im,
    /// Woman Grandmaster.
    Wgm,
    /// FIDE Master.
    Fm,
    /// Woman International Master.
    Wim,
    /// Candidate Master.
    Cm,
    /// Woman FIDE Master.
    Wfm,
    /// Woman Candidate Master.
    Wcm,
}

impl Title {
    /// Reads TRF's abbreviation (`g`, `m`, `wg`, …) or the full form
    /// (`GM`, `WIM`, …), in either case.
    pub fn parse(text: &str) -> Option<Title> {
        Some(match text.trim().to_ascii_lowercase().as_str() {
            "g" | "gm" => Title::Gm,
            "m" | "im" => Title::Im,
            "wg" | "wgm" => Title::Wgm,
            "f" | "fm" => Title::Fm,
            "wm" | "wim" => Title::Wim,
            "c" | "cm" => Title::Cm,
            "wf" | "wfm" => Title::Wfm,
            "wc" | "wcm" => Title::Wcm,
            _ => return None,
        })
    }

    /// Its abbreviation as FIDE writes it (`GM`, `WIM`, …).
    pub fn abbreviation(self) -> &'static str {
        match self {
            Title::Gm => "GM",
            Title::Im => "IM",
            Title::Wgm => "WGM",
            Title::Fm => "FM",
            Title::Wim => "WIM",
            Title::Cm => "CM",
            Title::Wfm => "WFM",
            Title::Wcm => "WCM",
        }
    }

    /// 1.4.5 a: a title-holder "as in 0.3, excluding CM and WCM".
    pub fn counts_as_titled(self) -> bool {
        !matches!(self, Title::Cm | Title::Wcm)
    }
}

/// The title a norm is for (B.01 1.4: GM, IM, WGM and WIM are gained by
/// norms).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum NormTitle {
    /// Grandmaster.
    #[serde(rename = "GM")]
    Gm,
    /// International Master.
    #[serde(rename = "IM")]
    Im,
    /// Woman Grandmaster.
    #[serde(rename = "WGM")]
    Wgm,
    /// Woman International Master.
    #[serde(rename = "WIM")]
    Wim,
}

impl NormTitle {
    /// Every norm title, strongest first.
    pub const ALL: [NormTitle; 4] = [NormTitle::Gm, NormTitle::Im, NormTitle::Wgm, NormTitle::Wim];

    /// Its abbreviation.
    pub fn abbreviation(self) -> &'static str {
        match self {
            NormTitle::Gm => "GM",
            NormTitle::Im => "IM",
            NormTitle::Wgm => "WGM",
            NormTitle::Wim => "WIM",
        }
    }

    /// The least performance Rp (1.4.8).
    pub fn performance(self) -> i64 {
        match self {
            NormTitle::Gm => 2600,
            NormTitle::Im => 2450,
            NormTitle::Wgm => 2400,
            NormTitle::Wim => 2250,
        }
    }

    /// The least average rating of the opponents (1.4.8 a).
    pub fn average(self) -> i64 {
        match self {
            NormTitle::Gm => 2380,
            NormTitle::Im => 2230,
            NormTitle::Wgm => 2180,
            NormTitle::Wim => 2030,
        }
    }

    /// The adjusted rating floor (1.4.6): one opponent rated under it
    /// counts as rated at it.
    pub fn floor(self) -> u32 {
        match self {
            NormTitle::Gm => 2200,
            NormTitle::Im => 2050,
            NormTitle::Wgm => 2000,
            NormTitle::Wim => 1850,
        }
    }

    /// Whether an opponent holding `title` is one of the third "holding
    /// the title" (1.4.5 b–e): GMs for a GM norm; IMs or GMs for an IM
    /// norm; WGMs, IMs or GMs for a WGM norm; WIMs, WGMs, IMs or GMs for a
    /// WIM norm.
    pub fn holder(self, title: Title) -> bool {
        match self {
            NormTitle::Gm => title == Title::Gm,
            NormTitle::Im => matches!(title, Title::Gm | Title::Im),
            NormTitle::Wgm => matches!(title, Title::Gm | Title::Im | Title::Wgm),
            NormTitle::Wim => {
                matches!(title, Title::Gm | Title::Im | Title::Wgm | Title::Wim)
            }
        }
    }

    /// Whether a player of `sex` (`w` for a woman, as TRF writes it; some
    /// files write `f`) who holds `title` can still seek this norm: not
    /// when he already holds it or a title above it, and the women's
    /// titles only for women.
    pub fn sought_by(self, sex: Option<char>, title: Option<Title>) -> bool {
        let woman = matches!(sex, Some('w' | 'W' | 'f' | 'F'));
        let held = |titles: &[Title]| title.is_some_and(|t| titles.contains(&t));
        match self {
            NormTitle::Gm => !held(&[Title::Gm]),
            NormTitle::Im => !held(&[Title::Gm, Title::Im]),
            NormTitle::Wgm => woman && !held(&[Title::Gm, Title::Wgm]),
            NormTitle::Wim => woman && !held(&[Title::Gm, Title::Im, Title::Wgm, Title::Wim]),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trf_titles_read_in_both_forms() {
        assert_eq!(Title::parse("g"), Some(Title::Gm));
        assert_eq!(Title::parse("WIM"), Some(Title::Wim));
        assert_eq!(Title::parse("wc"), Some(Title::Wcm));
        assert_eq!(Title::parse(""), None);
        assert!(!Title::Cm.counts_as_titled() && Title::Wfm.counts_as_titled());
    }

    #[test]
    fn a_title_holder_seeks_only_the_norms_above_it() {
        assert!(!NormTitle::Gm.sought_by(Some('m'), Some(Title::Gm)));
        assert!(NormTitle::Gm.sought_by(Some('m'), Some(Title::Im)));
        assert!(!NormTitle::Im.sought_by(Some('m'), Some(Title::Im)));
        assert!(!NormTitle::Wgm.sought_by(Some('m'), None));
        assert!(NormTitle::Wgm.sought_by(Some('w'), Some(Title::Im)));
        assert!(!NormTitle::Wim.sought_by(Some('w'), Some(Title::Im)));
    }
}
