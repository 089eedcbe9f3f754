import React from "react";
import { TestimonialCarousel, type CarouselLabels, type Testimonial } from "./TestimonialCarousel";
import * as styles from "./HomeTestimonials.module.css";

export interface HomeTestimonialsData {
  heading: string;
  intro: string;
  labels: CarouselLabels;
  items: Testimonial[];
}

/** The testimonials section: heading, a line of intro and the carousel of reviews. */
export function HomeTestimonials({ testimonials }: { testimonials: HomeTestimonialsData }): React.ReactElement {
  return (
    <section className="section section-alt" aria-labelledby="home-testimonials-heading">
      <div className="container">
        <div className={styles.head}>
          <h2 id="home-testimonials-heading">{testimonials.heading}</h2>
          <p>{testimonials.intro}</p>
        </div>
        <TestimonialCarousel testimonials={testimonials.items} labels={testimonials.labels} />
      </div>
    </section>
  );
}
