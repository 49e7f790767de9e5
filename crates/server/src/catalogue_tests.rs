//! The server's typed messages, [`Problem`] (the APIs' errors) and
//! [`Damage`] (what is wrong with a stored record), have words in every
//! catalogue, naming only their arguments.

use arbiter_messages::{catalogues, english};

use crate::problem::Problem;
use crate::store::Damage;

#[test]
fn every_message_has_words_in_every_catalogue_naming_only_its_arguments() {
    for (key, arguments) in Problem::ARGUMENTS.iter().chain(Damage::ARGUMENTS) {
        for catalogue in catalogues() {
            assert!(
                catalogue.template(key).is_some(),
                "{}: no entry for {key}",
                catalogue.language()
            );
            for name in catalogue.placeholders(key) {
                assert!(
                    arguments.contains(&name),
                    "{key} ({}): {{{name}}} is none of {arguments:?}",
                    catalogue.language()
                );
            }
        }
        for argument in *arguments {
            assert!(
                english().placeholders(key).contains(argument),
                "{key}: English leaves out {argument}"
            );
        }
    }
}
