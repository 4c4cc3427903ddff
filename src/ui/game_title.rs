//! The main window's title (its template `resources/ui/game-title.ui`): what is played ("Nonet",
//! "Practice", "Daily Puzzle") over the level or the technique practised and the clock. Unlike
//! AdwWindowTitle's one subtitle, the level and the clock are apart, so that in a narrow header
//! a long technique's name is cut short ("Death Bloss… · 0:21") and the clock stays whole.

use adw::subclass::prelude::*;
use gtk::glib;
use gtk::prelude::*;

mod imp {
    use super::*;

    #[derive(Debug, Default, gtk::CompositeTemplate)]
    #[template(resource = "/io/github/nonet/Nonet/ui/game-title.ui")]
    pub struct GameTitle {
        #[template_child]
        pub title: TemplateChild<gtk::Label>,
        #[template_child]
        pub what: TemplateChild<gtk::Label>,
        #[template_child]
        pub clock: TemplateChild<gtk::Label>,
    }

    #[glib::object_subclass]
    impl ObjectSubclass for GameTitle {
        const NAME: &'static str = "NonetGameTitle";
        type Type = super::GameTitle;
        type ParentType = gtk::Box;

        fn class_init(klass: &mut Self::Class) {
            klass.bind_template();
            // Styled by the theme as AdwWindowTitle is.
            klass.set_css_name("windowtitle");
        }

        fn instance_init(obj: &glib::subclass::InitializingObject<Self>) {
            obj.init_template();
        }
    }

    impl ObjectImpl for GameTitle {}
    impl WidgetImpl for GameTitle {}
    impl BoxImpl for GameTitle {}
}

glib::wrapper! {
    pub struct GameTitle(ObjectSubclass<imp::GameTitle>)
        @extends gtk::Box, gtk::Widget,
        @implements gtk::Buildable, gtk::ConstraintTarget, gtk::Orientable;
}

impl GameTitle {
    pub fn title(&self) -> glib::GString {
        self.imp().title.label()
    }

    pub fn set_title(&self, title: &str) {
        self.imp().title.set_label(title);
    }

    /// The second line as one text: "Medium · 3:12", or the level alone with no clock.
    pub fn subtitle(&self) -> String {
        let parts = self.imp();
        match parts.clock.is_visible() {
            true => format!("{}{}", parts.what.label(), parts.clock.label()),
            false => parts.what.label().to_string(),
        }
    }

    /// How the second line shows: whether the level or technique is cut short, and whether
    /// the clock is in view whole (shown, as wide as its text).
    pub fn shown(&self) -> (bool, bool) {
        let parts = self.imp();
        let clock = &parts.clock;
        let layout = clock.layout();
        let clock_whole = clock.is_mapped() && !layout.is_ellipsized() && clock.width() >= layout.pixel_size().0;
        (parts.what.layout().is_ellipsized(), clock_whole)
    }

    /// Sets the second line: the level or technique, and the clock (the time, "Paused") if
    /// there is one. Only what changed is set, as the clock ticks every second.
    pub fn set_subtitle(&self, what: &str, clock: Option<&str>) {
        let parts = self.imp();
        if parts.what.label() != what {
            parts.what.set_label(what);
        }
        let clock = clock.map(|clock| format!(" · {clock}"));
        if let Some(clock) = clock.as_deref().filter(|&c| parts.clock.label() != c) {
            parts.clock.set_label(clock);
        }
        parts.clock.set_visible(clock.is_some());
    }
}
